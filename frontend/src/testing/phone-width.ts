// Makes the media queries of a test answer as on a 360 px phone: max-width queries match, min-width
// ones do not (the default of setup-tests is the desktop layout).
type MatchMedia = typeof window.matchMedia;

export function withPhoneWidth(): void {
  let desktop: MatchMedia;
  beforeEach(() => {
    desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: query.includes('max-width'),
    })) as MatchMedia;
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
