// Looks at the built app as a person would: serves dist/, stubs /api with a fixture, takes
// screenshots of the main pages in light and dark, desktop and 360 px wide, and runs axe on each.
// Usage: npm run build && node scripts/screenshots.mjs [--only=dashboard,users] [--no-axe] [--narrow=390]
// Needs Chromium at /usr/bin/chromium (apt-get install -y chromium); never downloads a browser.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const out = path.join(root, 'screenshots');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const runAxe = !args.includes('--no-axe');
const narrow = Number(args.find((a) => a.startsWith('--narrow='))?.slice(9)) || 360;

const types = { '.js': 'text/javascript', '.html': 'text/html', '.svg': 'image/svg+xml' };
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  let file = path.join(dist, path.normalize(url.pathname));
  if (!file.startsWith(dist) || !path.extname(file)) file = path.join(dist, 'index.html');
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const day = 86400000;
const iso = (d) => new Date(Date.now() + d * day).toISOString();
const me = {
  id: 1,
  name: 'Alice Admin',
  email: 'alice@charity.org',
  role: 'admin',
  active: true,
  phone: '01234 567890',
  createdAt: '2025-01-05T10:00:00Z',
  requirePasswordChange: false,
};
const users = [
  me,
  { ...me, id: 2, name: 'Charlie Chair', email: 'charlie@charity.org', role: 'chair', phone: null },
  { ...me, id: 3, name: 'Tina Trustee', email: 'tina@charity.org', role: 'trustee', phone: null },
  { ...me, id: 4, name: 'Oscar Other', email: 'oscar@charity.org', role: 'trustee', active: false },
];
const fixture = {
  '/api/auth/me': me,
  '/api/dashboard/stats': { pendingActions: 3, documents: 12, nextMeeting: iso(7), trustees: 9 },
  '/api/notices': [
    {
      id: 1,
      title: 'Office closed over the holidays',
      content:
        'The office is closed from 24 December to 2 January. For urgent safeguarding matters call the duty line, which stays open throughout the break.',
      priority: 'high',
      pinned: true,
      expiresAt: null,
      publishedAt: iso(-2),
      expired: false,
    },
    {
      id: 2,
      title: 'New expenses policy',
      content: 'Please use the new claim form from next month.',
      priority: 'normal',
      pinned: false,
      expiresAt: iso(30),
      publishedAt: iso(-5),
      expired: false,
    },
    {
      id: 3,
      title: 'Old announcement',
      content: 'This one has expired.',
      priority: 'low',
      pinned: false,
      expiresAt: iso(-3),
      publishedAt: iso(-40),
      expired: true,
    },
  ],
  '/api/meetings?upcoming=true': [
    {
      id: 1,
      title: 'Spring Board Meeting',
      description: 'Quarterly meeting of the full board',
      meetingDate: iso(7),
      location: 'Community Hall, Room 2',
      meetingLink: 'https://meet.example.org/spring',
      agendaLink: 'https://example.org/agenda',
      minutesId: null,
      minutesLink: null,
      createdAt: iso(-10),
    },
    {
      id: 2,
      title: 'Finance Review',
      description: 'Budget 2026',
      meetingDate: iso(21),
      location: null,
      meetingLink: null,
      agendaLink: null,
      minutesId: null,
      minutesLink: null,
      createdAt: iso(-10),
    },
  ],
  '/api/meetings?upcoming=false': [
    {
      id: 3,
      title: 'Winter Board Meeting',
      description: 'Quarterly meeting',
      meetingDate: iso(-30),
      location: 'Online',
      meetingLink: 'https://meet.example.org/w',
      agendaLink: 'https://example.org/a',
      minutesId: 1,
      minutesLink: null,
      createdAt: iso(-60),
    },
  ],
  '/api/actions': [
    {
      id: 1,
      title: 'Review the draft budget',
      description:
        'Go through the draft budget line by line before the next meeting and flag anything that looks out of line with last year.',
      assignedTo: 3,
      assignedToName: 'Tina Trustee',
      dueDate: iso(10).slice(0, 10),
      priority: 'high',
      status: 'pending',
      createdAt: iso(-1),
      updatedAt: iso(-1),
    },
    {
      id: 2,
      title: 'Update risk register',
      description: '',
      assignedTo: 4,
      assignedToName: null,
      dueDate: null,
      priority: 'medium',
      status: 'in-progress',
      createdAt: iso(-2),
      updatedAt: iso(-2),
    },
    {
      id: 3,
      title: 'File charity return',
      description: 'Done.',
      assignedTo: 1,
      assignedToName: 'Alice Admin',
      dueDate: iso(-20).slice(0, 10),
      priority: 'low',
      status: 'complete',
      createdAt: iso(-30),
      updatedAt: iso(-3),
    },
    {
      id: 4,
      title: 'Renew insurance',
      description: 'Policy lapses soon.',
      assignedTo: 2,
      assignedToName: 'Charlie Chair',
      dueDate: iso(-2).slice(0, 10),
      priority: 'high',
      status: 'overdue',
      createdAt: iso(-30),
      updatedAt: iso(-3),
    },
  ],
  '/api/documents': [
    {
      id: 1,
      title: 'Annual Accounts 2024',
      category: 'finance',
      version: '2.0',
      mimeType: 'application/pdf',
      fileSize: 204800,
      fileName: 'a.pdf',
      updatedAt: iso(-1),
      uploadedBy: null,
    },
    {
      id: 2,
      title: 'Safeguarding Policy',
      category: 'safeguarding',
      version: '1.3',
      mimeType: 'application/msword',
      fileSize: 51200,
      fileName: 's.doc',
      updatedAt: iso(-3),
      uploadedBy: null,
    },
    {
      id: 3,
      title: 'Articles of Association',
      category: 'governance',
      version: '1.0',
      mimeType: 'application/pdf',
      fileSize: 102400,
      fileName: 'g.pdf',
      updatedAt: iso(-9),
      uploadedBy: null,
    },
    {
      id: 4,
      title: 'Risk Register Q1',
      category: 'risk-register',
      version: '4',
      mimeType: 'text/plain',
      fileSize: 4096,
      fileName: 'r.txt',
      updatedAt: iso(-12),
      uploadedBy: null,
    },
  ],
  '/api/minutes': [
    {
      id: 1,
      title: 'January Board Meeting',
      meetingDate: iso(-30),
      meetingId: 3,
      fileName: 'jan.pdf',
      fileSize: 10240,
      externalLink: null,
      createdAt: iso(-29),
    },
    {
      id: 2,
      title: 'December Board Meeting',
      meetingDate: iso(-60),
      meetingId: null,
      fileName: null,
      fileSize: null,
      externalLink: 'https://example.org/m',
      createdAt: iso(-59),
    },
  ],
  '/api/committees': [
    {
      id: 1,
      name: 'Finance Committee',
      description: 'Budgets, accounts and audit',
      archived: false,
      memberCount: 3,
      role: 'committee_chair',
      createdAt: iso(-100),
    },
    {
      id: 2,
      name: 'Fundraising Group',
      description: 'Events and appeals',
      archived: false,
      memberCount: 5,
      role: 'member',
      createdAt: iso(-100),
    },
  ],
  '/api/committees/1/messages': [
    {
      id: 1,
      message: 'Welcome to the finance committee. The draft budget is in Documents.',
      sentAt: iso(-2),
      user: { id: 3, name: 'Tina Trustee' },
    },
    {
      id: 2,
      message: 'Thanks, I will read it before Thursday.',
      sentAt: iso(-1),
      user: { id: 1, name: 'Alice Admin' },
    },
  ],
  '/api/committees/1/members': [
    {
      userId: 1,
      name: 'Alice Admin',
      email: 'alice@charity.org',
      role: 'committee_chair',
      joinedAt: iso(-100),
    },
    {
      userId: 3,
      name: 'Tina Trustee',
      email: 'tina@charity.org',
      role: 'member',
      joinedAt: iso(-100),
    },
  ],
  '/api/committees/1/documents': [],
  '/api/users': users,
  '/api/auth/reset-requests': [
    { id: 1, email: 'oscar@charity.org', userId: 4, userName: 'Oscar Other', requestedAt: iso(-1) },
  ],
  '/api/trustees/active': users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    joinedDate: u.createdAt,
    committees:
      u.id === 1
        ? [{ id: 1, name: 'Finance Committee', role: 'chair' }]
        : u.id === 3
          ? [
              { id: 1, name: 'Finance Committee', role: 'member' },
              { id: 2, name: 'Fundraising Group', role: 'member' },
            ]
          : [],
  })),
};
// The search's answer to any query (docs/api.md, Search): one result of several kinds.
const snippet = (before, hit, after) => [
  { text: before, hit: false },
  { text: hit, hit: true },
  { text: after, hit: false },
];
const noOpen = {
  meetingId: null,
  paperId: null,
  itemId: null,
  documentId: null,
  minutesId: null,
  committeeId: null,
  noticeId: null,
  actionId: null,
  resolutionId: null,
  interestId: null,
  messageId: null,
  fileUrl: null,
  pdf: false,
};
fixture['/api/search'] = {
  results: [
    {
      kind: 'agendaPaper',
      id: 12,
      title: 'Budget 2027',
      date: iso(-20),
      meeting: { id: 1, title: 'Spring Board Meeting' },
      committee: null,
      category: null,
      snippet: snippet(
        '... the proposed ',
        'budget',
        ' for 2027 keeps reserves at six months of spending ...',
      ),
      open: { ...noOpen, meetingId: 1, paperId: 12, itemId: 3, pdf: true, fileUrl: '/x' },
    },
    {
      kind: 'document',
      id: 7,
      title: 'Reserves policy',
      date: iso(-60),
      meeting: null,
      committee: null,
      category: 'finance',
      snippet: snippet('... reviewed against the ', 'budget', ' every year ...'),
      open: { ...noOpen, documentId: 7, fileUrl: '/api/documents/7/download', pdf: false },
    },
    {
      kind: 'decision',
      id: 31,
      title: 'Approve the budget',
      date: iso(-20),
      meeting: { id: 1, title: 'Spring Board Meeting' },
      committee: null,
      category: null,
      snippet: snippet('The board approved the ', 'budget', ' for 2027.'),
      open: { ...noOpen, meetingId: 1 },
    },
    {
      kind: 'chatMessage',
      id: 77,
      title: 'Finance Committee chat',
      date: iso(-3),
      meeting: null,
      committee: { id: 1, name: 'Finance Committee' },
      category: null,
      snippet: snippet('Shall we look at the ', 'budget', ' lines before Thursday?'),
      open: { ...noOpen, committeeId: 1, messageId: 77 },
    },
  ],
  counts: { agendaPaper: 1, document: 1, decision: 1, chatMessage: 1 },
  total: 4,
  nextCursor: null,
};
fixture['/api/notices?includeExpired=false'] = fixture['/api/notices'].filter((n) => !n.expired);
fixture['/api/notices?includeExpired=true'] = fixture['/api/notices'];

fixture['/api/meetings/1'] = {
  meeting: {
    ...fixture['/api/meetings?upcoming=true'][0],
    kind: 'board',
    committeeId: null,
    committeeName: null,
    status: 'scheduled',
    cancelledAt: null,
    durationMinutes: 60,
    plannedEnd: new Date(
      Date.parse(fixture['/api/meetings?upcoming=true'][0].meetingDate) + 3600000,
    ).toISOString(),
    agendaStatus: 'published',
    agendaPublishedAt: iso(-1),
    agendaChangedSincePublication: true,
    revision: 1,
    updatedAt: iso(-1),
  },
  agendaVisible: true,
  canManage: true,
  agenda: [
    ['Welcome and apologies', 'noting', 5, null, false],
    ['Declarations of interest', 'noting', 5, null, false],
    ['Minutes of the last meeting', 'decision', 10, 'Charlie Chair', false],
    ['Budget 2027 and reserves policy review', 'decision', 40, 'J. Auditor (guest)', true],
    ['Any other business', 'discussion', 10, null, false],
  ].map(([title, purpose, durationMinutes, presenterName, changed], index) => ({
    id: index + 1,
    number: index + 1,
    title,
    purpose,
    presenterUserId: null,
    presenterName,
    durationMinutes,
    description:
      index === 3
        ? 'The treasurer presents the draft budget; the board is asked to approve it.'
        : '',
    papers:
      index === 3
        ? [
            {
              id: 1,
              itemId: 4,
              title: 'Draft budget 2027',
              fileName: 'budget-2027.pdf',
              mimeType: 'application/pdf',
              fileSize: 245000,
              libraryDocumentId: null,
              addedAt: iso(-2),
            },
            {
              id: 2,
              itemId: 4,
              title: 'Reserves policy',
              fileName: 'reserves.docx',
              mimeType: 'application/msword',
              fileSize: 51000,
              libraryDocumentId: 7,
              addedAt: iso(-2),
            },
          ]
        : [],
    changedSincePublication: changed,
  })),
};

const pages = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/' },
  { name: 'documents', path: '/documents' },
  { name: 'actions', path: '/actions' },
  { name: 'minutes', path: '/minutes' },
  { name: 'calendar', path: '/calendar' },
  { name: 'meeting', path: '/meetings/1' },
  { name: 'notices', path: '/notices', click: 'Show expired notices' },
  { name: 'committees', path: '/committees', click: 'Finance Committee' },
  { name: 'users', path: '/users' },
  { name: 'trustees', path: '/trustees' },
  { name: 'menu', path: '/', click: 'Open navigation menu', role: true, narrowOnly: true },
  { name: 'dialog', path: '/actions', click: 'Create Action', role: true },
  { name: 'search', path: '/search?q=budget' },
  { name: 'search-box', path: '/', search: 'budget' },
].filter((p) => !only || only.includes(p.name));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
await mkdir(out, { recursive: true });
const problems = [];
for (const theme of ['light', 'dark']) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: narrow, height: 780 },
  ]) {
    const context = await browser.newContext({ viewport, colorScheme: theme });
    for (const p of pages) {
      if (p.narrowOnly && viewport.width > 600) continue;
      const page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`${p.name}: page error ${e.message}`));
      await page.addInitScript(
        ([signedIn, t]) => {
          if (signedIn) localStorage.setItem('token', 'screenshot-token');
          else localStorage.removeItem('token');
          localStorage.setItem('theme', t);
        },
        [p.signedIn !== false, theme],
      );
      await page.route('**/api/**', (route) => {
        const url = new URL(route.request().url());
        const key = url.pathname + url.search;
        const body = fixture[key] ?? fixture[url.pathname];
        if (body === undefined)
          problems.push(`${p.name}: no fixture for ${route.request().method()} ${key}`);
        return route.fulfill({ json: body ?? [] });
      });
      await page.goto(base + p.path);
      await page.waitForLoadState('networkidle');
      if (p.click) {
        const target = p.role
          ? page.getByRole('button', { name: p.click })
          : page.getByText(p.click).first();
        await target.click();
        await page.waitForLoadState('networkidle');
      }
      if (p.search) {
        if (viewport.width <= 600) await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('combobox', { name: 'Search the portal' }).fill(p.search);
        await page.getByRole('option').first().waitFor();
      }
      await page.waitForTimeout(300);
      const file = `${p.name}-${theme}-${viewport.width}.png`;
      await page.screenshot({ path: path.join(out, file), fullPage: true });
      if (runAxe) {
        const result = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
          .analyze();
        for (const v of result.violations) {
          problems.push(
            `${file}: ${v.id} (${v.nodes.length}) ${v.nodes
              .slice(0, 3)
              .map(
                (n) =>
                  n.target.join(' ') +
                  ' ' +
                  (n.failureSummary ?? '').split('\n').slice(1, 2).join(''),
              )
              .join(' | ')}`,
          );
        }
      }
      await page.close();
    }
    await context.close();
  }
}
await browser.close();
server.close();
console.log(problems.length ? problems.join('\n') : 'no problems found');
console.log(`screenshots in ${out}`);
