import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { UploadTooLargeError, withSpooledUpload } from "./spool-upload";

const body = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe("withSpooledUpload", () => {
  it("hands over the whole body in a temp file and removes it afterwards", async () => {
    let seen = "";
    const text = await withSpooledUpload(body("a,b\n", "1,2\n"), { extension: "csv", maxBytes: 8 }, async (file) => {
      seen = file;
      expect(file.endsWith("upload.csv")).toBe(true);
      return fs.readFileSync(file, "utf8");
    });
    expect(text).toBe("a,b\n1,2\n");
    expect(fs.existsSync(seen)).toBe(false);
  });

  it("refuses a body past the limit without calling work", async () => {
    let called = false;
    await expect(
      withSpooledUpload(body("a,b\n", "1,2\n", "x"), { extension: "csv", maxBytes: 8 }, async () => {
        called = true;
      }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(called).toBe(false);
  });
});
