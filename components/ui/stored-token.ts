"use client";

// The upload token is remembered in the browser (localStorage), shared by every form that writes.
import { useSyncExternalStore } from "react";

export const TOKEN_KEY = "portal-upload-token";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** The remembered token ("" on the server and when none is stored). */
export function useStoredToken(): string {
  return useSyncExternalStore(subscribe, () => localStorage.getItem(TOKEN_KEY) ?? "", () => "");
}

export function rememberToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}
