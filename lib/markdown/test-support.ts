// Shared by the prose tests only: texts made of Markdown and HTML fragments, hostile ones included.
import fc from "fast-check";

const FRAGMENTS = [
  "a", "b", "word", "é", "😀", " ", "  ", "\t", "    ", "\n", "\n\n", "  \n", "\\\n", "\\",
  "*", "**", "_", "__", "`", "``", "```", "~~~", "~", "[", "]", "](", "(", ")", "!", "<", ">", "&", "&amp;", "&#60;",
  "#", "# ", "- ", "+ ", "* ", "1. ", "2) ", "> ", "|", "$", "=", "---", "===", ":", "\"", "'",
  "javascript:", "JavaScript:", "data:text/html,", "http://x.org/", "https://x.org/a?b=1&c=(2)", "mailto:a@b.c",
  "<img src=x onerror=alert(1)>", "<script>", "</script>", '<a href="javascript:alert(1)">', "<!--", "-->",
  "<http://x.org>", "<javascript:alert(1)>", "[x]: http://x.org", "[x]",
];
const markdownish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(""));
export const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), markdownish);
