import { exportFile, exportStaticParams } from "@/publish/response";

export const dynamic = "force-static";
export const dynamicParams = true;
export const generateStaticParams = exportStaticParams;

export function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return exportFile(params, "postmortem.md", "text/markdown; charset=utf-8");
}
