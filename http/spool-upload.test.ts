import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { removeLeftoverSpools, UploadTooLargeError, withSpooledUpload } from "./spool-upload";

const under = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-spool-test-"));
afterAll(() => fs.rmSync(under, { recursive: true, force: true }));

const body = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const ACCOUNT = "0123456789abcdef0123456789abcdef";

/** The spool files on disk now, with their bytes. */
const spooled = (): Buffer[] => fs.readdirSync(under).flatMap((d) => fs.readdirSync(path.join(under, d)).map((f) => fs.readFileSync(path.join(under, d, f))));

describe("withSpooledUpload", () => {
  it("reads the whole body back, as often as asked, while the file on disk holds none of it", async () => {
    const upload = `account_id\n${ACCOUNT}\n`;
    const { once, twice, onDisk } = await withSpooledUpload(body(upload.slice(0, 9), upload.slice(9)), { extension: "csv", maxBytes: 100, under }, async (source) => {
      expect(source.extension).toBe(".csv");
      expect(source.bytes).toBe(upload.length);
      return { once: await text(source.open()), twice: await text(source.open()), onDisk: spooled() };
    });
    expect(once).toBe(upload);
    expect(twice).toBe(upload);
    expect(onDisk.length).toBeGreaterThan(0);
    for (const bytes of onDisk) {
      expect(bytes.length).toBe(upload.length);
      expect(bytes.toString("latin1")).not.toContain(ACCOUNT);
    }
  });

  it("removes the file afterwards, whatever work did", async () => {
    await expect(withSpooledUpload(body("a"), { extension: "json", maxBytes: 8, under }, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(spooled()).toEqual([]);
  });

  it("refuses a body past the limit without calling work", async () => {
    let called = false;
    await expect(
      withSpooledUpload(body("a,b\n", "1,2\n", "x"), { extension: "csv", maxBytes: 8, under }, async () => {
        called = true;
      }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(called).toBe(false);
  });
});

describe("removeLeftoverSpools", () => {
  const spoolOf = (pid: number) => fs.mkdtempSync(path.join(under, `aftermath-upload-${pid}-`));
  /** A process that has exited: nothing answers to its pid any more. */
  const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid;

  it("names each spool after the process that made it", async () => {
    const names = await withSpooledUpload(body("a"), { extension: "csv", maxBytes: 8, under }, async () => fs.readdirSync(under));
    expect(names).toEqual([expect.stringMatching(new RegExp(`^aftermath-upload-${process.pid}-[A-Za-z0-9]{6}$`))]);
  });

  it("removes a dead process's spool however new, and keeps a running one's", () => {
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      expect(live.pid).toBeGreaterThan(0);
      const dead = spoolOf(deadPid());
      const running = spoolOf(live.pid ?? 0);
      fs.writeFileSync(path.join(dead, "upload.bin"), "x");
      removeLeftoverSpools(60 * 60 * 1000, under);
      expect(fs.existsSync(dead)).toBe(false);
      expect(fs.existsSync(running)).toBe(true);
      fs.rmSync(running, { recursive: true });
    } finally {
      live.kill();
    }
  });

  it("removes this process's own (a restart that got the crashed server's pid back)", () => {
    const own = spoolOf(process.pid);
    removeLeftoverSpools(60 * 60 * 1000, under);
    expect(fs.existsSync(own)).toBe(false);
  });

  it("removes unnamed spools from before pids were in the name once older than the limit, and keeps newer ones", () => {
    const old = fs.mkdtempSync(path.join(under, "aftermath-upload-"));
    const recent = fs.mkdtempSync(path.join(under, "aftermath-upload-"));
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, past, past);
    removeLeftoverSpools(60 * 60 * 1000, under);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    fs.rmSync(recent, { recursive: true });
  });
});
