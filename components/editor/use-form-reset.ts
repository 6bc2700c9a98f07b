"use client";

import { type RefObject, useEffect } from "react";

/**
 * Calls `then` once the form around `field` has been reset (React resets a form after its save):
 * the reset event comes before the values change, so `then` runs after, in a microtask.
 */
export function useFormReset(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, then: () => void): void {
  useEffect(() => {
    const form = field.current?.form;
    const after = () => queueMicrotask(then);
    form?.addEventListener("reset", after);
    return () => form?.removeEventListener("reset", after);
  }, [field, then]);
}
