/// <reference types="node" />
// Every text the mocks send is a text the server sends: each appears as a string literal in crates/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverMessages } from '@/testing/mocks/server-messages';

function rustSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name: string) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' ? [] : rustSources(path);
    return path.endsWith('.rs') ? [readFileSync(path, 'utf8')] : [];
  });
}

// Rust string literals, with line continuations and escaped quotes read as the server sends them.
const literals = rustSources(join(__dirname, '../../../../crates'))
  .join('\n')
  .replace(/\\\n\s*/g, '')
  .replace(/\\"/g, '"');

describe('server messages of the mocks', () => {
  it.each(Object.entries(serverMessages))('%s is sent by the server', (_name, text) => {
    // A NotFound("Action") error reads "Action not found" (domain::DomainError).
    const notFound = /^(.*) not found$/.exec(text);
    const found = notFound
      ? literals.includes(`not_found("${notFound[1]}")`) ||
        literals.includes(`NotFound("${notFound[1]}"`) ||
        literals.includes(`"${text}"`)
      : literals.includes(`"${text}"`);
    expect(found).toBe(true);
  });
});
