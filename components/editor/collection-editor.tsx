import type { ReactNode } from "react";
import { type Collection, collectionOf } from "@/domain/record/collections";
import type { EditorItem } from "@/domain/record/collection";
import type { Choices } from "./item-field";
import { type EditorAction, ItemForm } from "./item-form";
import { DeleteItemForm } from "./small-forms";
import { useWords } from "./use-words";

type Props = {
  collection: Collection;
  items: EditorItem[];
  version: number;
  choices: Choices;
  add: EditorAction;
  update: (id: number) => EditorAction;
  remove: (id: number) => EditorAction;
  /** Shown above the form that adds an item: a source added from here (quick-source.tsx). */
  beforeAdd?: ReactNode;
};

const EDIT = "shrink-0 text-sm font-semibold text-blue-700 underline dark:text-blue-300";

/** A collection in the editor: each item with its own edit and delete, and a form to add one. */
export function CollectionEditor({ collection, items, version, choices, add, update, remove, beforeAdd }: Props) {
  const { t } = useWords();
  const spec = collectionOf(collection);
  const w = (key: string, values?: Record<string, string>) => t(`editor.collections.${collection}.${key}`, values);
  const headingId = `${collection}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t("editor.collection.heading", { name: w("many"), count: items.length })}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {items.map((item) => {
          const name = spec.name(item);
          return (
            <li key={item.id} className="rounded-md border border-slate-300 dark:border-slate-700">
              <details>
                <summary className="flex cursor-pointer items-baseline gap-3 p-2 focus-visible:outline-2 focus-visible:outline-blue-600">
                  <span className="line-clamp-2 min-w-0 flex-1 break-words">{spec.line(item)}</span>
                  <span className={EDIT}>{t("editor.collection.edit")}</span>
                </summary>
                <div className="space-y-4 border-t border-slate-300 p-3 dark:border-slate-700">
                  <ItemForm
                    collection={collection}
                    action={update(item.id)}
                    version={version}
                    formId={`${collection}-${item.id}`}
                    label={w("edit", { name })}
                    submitLabel={w("save")}
                    item={item}
                    choices={choices}
                  />
                  <DeleteItemForm action={remove(item.id)} version={version} label={w("delete")} />
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      {items.length === 0 && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("editor.collection.noneYet")}</p>}
      {beforeAdd && <div className="mt-4">{beforeAdd}</div>}
      <h3 className="mt-4 text-base font-semibold">{w("add")}</h3>
      <div className="mt-2">
        <ItemForm
          collection={collection}
          action={add}
          version={version}
          formId={`${collection}-new`}
          label={w("add")}
          submitLabel={w("addButton")}
          choices={choices}
          start={spec.next?.(items)}
        />
      </div>
    </section>
  );
}
