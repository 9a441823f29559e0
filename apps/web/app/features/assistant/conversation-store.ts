import { useSyncExternalStore } from 'react';
import type { ChatEntry } from './conversation';
import { parseConversation } from './conversation';

// The conversation of this tab, in sessionStorage: it survives following a card and coming back, and ends with
// the tab. The server renders none (the page without JavaScript carries its own); the stored one appears right
// after hydration.

const STORAGE_KEY = 'eco-assistant-conversation';
const EMPTY: readonly ChatEntry[] = [];

const listeners = new Set<() => void>();
let memoryText: string | null = null;
let snapshotText: string | null | undefined;
let snapshot: readonly ChatEntry[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readText(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? memoryText;
  } catch {
    return memoryText;
  }
}

export function getConversation(): readonly ChatEntry[] {
  const text = readText();
  if (text !== snapshotText) {
    snapshotText = text;
    snapshot = parseConversation(text);
  }
  return snapshot;
}

export function saveConversation(conversation: readonly ChatEntry[]): void {
  const text = conversation.length === 0 ? null : JSON.stringify(conversation);
  memoryText = text;
  try {
    const store = storage();
    if (text === null) store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, text);
  } catch {
    // Storage refused (private mode, quota): the conversation lives in memory for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConversation(): readonly ChatEntry[] {
  return useSyncExternalStore(subscribe, getConversation, () => EMPTY);
}
