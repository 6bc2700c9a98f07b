import { useTranslations } from "next-intl";
import { SMALL_QUIET_BUTTON } from "@/components/ui/styles";

/** A form, not a link: signing out is a POST, and it works without JavaScript. */
export function SignOutButton({ action, className }: { action: (form: FormData) => Promise<void>; className?: string }) {
  const t = useTranslations("auth.signOut");
  return (
    <form action={action} className={className}>
      <button
        type="submit"
        className={SMALL_QUIET_BUTTON}
      >
        {t("button")}
      </button>
    </form>
  );
}
