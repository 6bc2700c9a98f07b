/** What a prose field takes, said beside it. */
export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, `code`, [link](https://…), lists. HTML is shown as text.";
