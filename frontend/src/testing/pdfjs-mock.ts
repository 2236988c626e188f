// A stand-in for pdf.js in Jest (jsdom has no canvas): documents of `pdfjsMock.pageTexts.length` pages, each
// page 612 x 792 points with its text as one run; getDocument records what it was asked to open.
export const pdfjsMock = {
  pageTexts: ['First page', 'Second page'] as string[],
  outline: [] as { title: string; dest: unknown[]; items: [] }[],
  opened: [] as Record<string, unknown>[],
  fail: null as null | { status: number },
};

export const version = '5.6.205';
export const GlobalWorkerOptions = { workerSrc: '' };

const viewport = (scale: number) => ({
  width: 612 * scale,
  height: 792 * scale,
  scale,
  convertToViewportPoint: (x: number, y: number) => [x * scale, (792 - y) * scale],
});

const textContent = (n: number) => ({
  items: [
    {
      str: pdfjsMock.pageTexts[n - 1] ?? '',
      transform: [1, 0, 0, 1, 72, 700],
      width: 200,
      height: 12,
    },
  ],
});

const page = (n: number) => ({
  getViewport: ({ scale }: { scale: number }) => viewport(scale),
  render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
  getTextContent: () => Promise.resolve(textContent(n)),
  streamTextContent: () => textContent(n),
});

export function getDocument(options: Record<string, unknown>) {
  pdfjsMock.opened.push(options);
  const doc = {
    numPages: pdfjsMock.pageTexts.length,
    getPage: (n: number) => Promise.resolve(page(n)),
    getOutline: () => Promise.resolve(pdfjsMock.outline),
    getDestination: () => Promise.resolve(null),
    getPageIndex: () => Promise.resolve(0),
  };
  return {
    promise: pdfjsMock.fail ? Promise.reject(pdfjsMock.fail) : Promise.resolve(doc),
    onProgress: null,
    destroy: () => Promise.resolve(),
  };
}

export class TextLayer {
  private readonly container: HTMLElement;
  private readonly source: { items: { str: string }[] };
  constructor({
    container,
    textContentSource,
  }: {
    container: HTMLElement;
    textContentSource: unknown;
  }) {
    this.container = container;
    this.source = textContentSource as { items: { str: string }[] };
  }
  render() {
    for (const item of this.source.items) {
      const span = document.createElement('span');
      span.textContent = item.str;
      this.container.appendChild(span);
    }
    return Promise.resolve();
  }
  cancel() {}
}
