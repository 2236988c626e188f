// Thin wrappers over window navigation so that tests can observe full page loads and new tabs.
export const browser = {
  /** Full load of a URL in this tab. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Opens a new browsing context; returns null when a popup blocker refuses it. */
  open(url: string, target = '_blank', features?: string): Window | null {
    return window.open(url, target, features);
  },
};
