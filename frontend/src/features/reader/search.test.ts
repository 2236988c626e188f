import {
  findMatches,
  firstMatchFrom,
  searchesFor,
  searchForQuery,
  stepMatch,
} from '@/features/reader/search';

describe('search within the document', () => {
  it('finds every match across pages, ignoring case and line breaks', () => {
    const texts = ['The budget for 2027', 'no match here', 'Budget  lines: the\nbudget for 2027'];
    expect(findMatches(texts, 'budget')).toEqual([
      { pageNumber: 1, index: 4 },
      { pageNumber: 3, index: 0 },
      { pageNumber: 3, index: 18 },
    ]);
    expect(findMatches(texts, 'budget for 2027').map((m) => m.pageNumber)).toEqual([1, 3]);
    expect(findMatches(texts, '   ')).toEqual([]);
  });

  it('steps through matches and wraps round', () => {
    expect(stepMatch(3, -1, 1)).toBe(0);
    expect(stepMatch(3, -1, -1)).toBe(2);
    expect(stepMatch(3, 2, 1)).toBe(0);
    expect(stepMatch(3, 0, -1)).toBe(2);
    expect(stepMatch(0, -1, 1)).toBe(-1);
  });

  it('starts from the page being read', () => {
    const matches = [
      { pageNumber: 1, index: 0 },
      { pageNumber: 5, index: 0 },
    ];
    expect(firstMatchFrom(matches, 3)).toBe(1);
    expect(firstMatchFrom(matches, 6)).toBe(0);
  });

  it("turns a portal search's query into the searches it stands for", () => {
    expect(searchesFor('budget')).toEqual(['budget']);
    expect(searchesFor('"lone working" policy -draft')).toEqual([
      'lone working policy',
      'lone working',
      'policy',
    ]);
    expect(searchesFor('lease or rent')).toEqual(['lease rent', 'lease', 'rent']);
    expect(searchesFor('renewed, deciding')).toEqual([
      'renewed deciding',
      'renewed',
      'deciding',
      'renew',
      'decid',
    ]);
    expect(searchesFor('-draft')).toEqual([]);
  });

  it('searches the pages for the first of them that is there', () => {
    const texts = ['Cover', 'The lease was renewal-ready', 'Renewal of the lease'];
    expect(searchForQuery(texts, 'lease renewed')).toEqual({
      query: 'lease',
      matches: [
        { pageNumber: 2, index: 4 },
        { pageNumber: 3, index: 15 },
      ],
    });
    expect(searchForQuery(texts, 'renewed').query).toBe('renew');
    expect(searchForQuery(texts, 'zebra')).toEqual({ query: 'zebra', matches: [] });
  });
});
