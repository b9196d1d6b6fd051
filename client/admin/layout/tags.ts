// The tags view: one tab per opened page, unique by path; affix (dashboard) and pinned tabs
// survive "close others" and "close all". Kept for the browser tab's session.
import { createStore } from "../../shared/store.ts";

export type Tag = {
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
  pinned: boolean;
  /** Bumped to re-mount the page (refresh). */
  key: number;
};

const STORAGE_KEY = "qmo-tags";

function load(): Tag[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

export const tags = createStore<Tag[]>(load());
tags.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tags.get())));

const kept = (t: Tag) => t.affix || t.pinned;

export function addTag(tag: Omit<Tag, "key" | "pinned">) {
  tags.set((list) => {
    const i = list.findIndex((t) => t.path === tag.path);
    if (i >= 0) {
      if (list[i].fullPath === tag.fullPath && list[i].title === tag.title) return list;
      const next = [...list];
      next[i] = { ...next[i], fullPath: tag.fullPath, title: tag.title };
      return next;
    }
    const t = { ...tag, pinned: false, key: 0 };
    return tag.affix ? [t, ...list] : [...list, t];
  });
}

/** Answers where to go when the active tab closes: the last remaining tab, else home. */
export function closeTag(path: string): string | undefined {
  const list = tags.get();
  const tag = list.find((t) => t.path === path);
  if (!tag || kept(tag)) return undefined;
  const rest = list.filter((t) => t.path !== path);
  tags.set(rest);
  return rest[rest.length - 1]?.fullPath;
}

export function closeOthers(path: string) {
  tags.set((list) => list.filter((t) => kept(t) || t.path === path));
}

export function closeAll(): string | undefined {
  tags.set((list) => list.filter(kept));
  return tags.get()[tags.get().length - 1]?.fullPath;
}

export function refreshTag(path: string) {
  tags.set((list) => list.map((t) => t.path === path ? { ...t, key: t.key + 1 } : t));
}

export function togglePin(path: string) {
  tags.set((list) =>
    list.map((t) => t.path === path && !t.affix ? { ...t, pinned: !t.pinned } : t)
  );
}

export function resetTags() {
  tags.set([]);
}
