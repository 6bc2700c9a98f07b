import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Store } from "@/db/store/store";

// Russian texts of the GLM-5.3 record for search's tests and bench:archive, as rows of `translation`,
// in place of any the seed has, so tests know every Russian word: утечка in several of its forms.
const GLM = "glm-5-3-kv-cache-exposure";
export const RUSSIAN: Array<{ subject: "incident" | "events"; key: string | null; field: string; text: string }> = [
  { subject: "incident", key: null, field: "title", text: "Утечка чужих данных из KV-кэша GLM-5.3 в Cloudflare Workers AI" },
  {
    subject: "incident",
    key: null,
    field: "summary",
    text: "С 27 августа по 9 сентября 2026 года 155 ответов на слишком длинные запросы содержали обрывки чужих сессий, а клиенты получали HTTP 200. Зелёный статус — не доказательство.",
  },
  { subject: "events", key: "leak-begins", field: "title", text: "Начало утечки" },
  {
    subject: "events",
    key: "leak-begins",
    field: "detail",
    text: "Начало окна раскрытия: по данным статьи, со ссылкой на отчёт Cloudflare от 26 октября, данные утекали с 27 августа по 9 сентября 2026 года, и около двух недель этого никто не замечал.",
  },
  { subject: "events", key: "researcher-report", field: "title", text: "Исследователь сообщает об утечке" },
  { subject: "events", key: "researcher-report", field: "detail", text: "Гади Эврон из Knostic, исследователь безопасности, сообщает об утечке через HackerOne." },
  { subject: "events", key: "model-offline", field: "title", text: "Модель выведена из работы" },
  { subject: "events", key: "model-offline", field: "detail", text: "В 14:00 UTC GLM-5.3 переводят в закрытый режим, чтобы остановить утечку." },
];

const idRow = z.object({ id: z.number().int() });

/** The GLM-5.3 record's Russian texts, these and no others, in a database that holds it. */
export async function addRussianTranslations(store: Store, slug = GLM): Promise<void> {
  await store.write(async (tx) => {
    const incidentId = (await tx.row(idRow, sql`SELECT id FROM incident WHERE slug = ${slug}`))?.id;
    if (incidentId === undefined) throw new Error(`no incident ${slug} to add Russian texts to`);
    await tx.exec(sql`DELETE FROM translation WHERE incident_id = ${incidentId} AND locale = 'ru'`);
    for (const t of RUSSIAN) {
      const subjectId = t.key === null ? incidentId : (await tx.row(idRow, sql`SELECT id FROM event WHERE incident_id = ${incidentId} AND key = ${t.key}`))?.id;
      if (subjectId === undefined) throw new Error(`no event ${t.key ?? ""} in ${slug}`);
      await tx.exec(sql`INSERT INTO translation (incident_id, subject, subject_id, field, locale, text) VALUES (${incidentId}, ${t.subject}, ${subjectId}, ${t.field}, 'ru', ${t.text})`);
    }
  });
}
