import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { keyMatches, swrConfig, useRevalidate } from '@/lib/swr';

let version = 0;

function List({ path }: { path: string }) {
  const { data } = useSWR<{ v: number }>(path);
  return <p>{data ? `${path} v${data.v}` : 'loading'}</p>;
}

function Harness() {
  const [show, setShow] = useState<'a' | 'b'>('a');
  const revalidate = useRevalidate();
  return (
    <>
      <button onClick={() => setShow(show === 'a' ? 'b' : 'a')}>switch</button>
      <button onClick={() => void revalidate('/api/things')}>write</button>
      {show === 'a' ? <List path="/api/things" /> : <List path="/api/things?x=1" />}
    </>
  );
}

describe('swr invalidation', () => {
  it('matches a path and its query variants only', () => {
    expect(keyMatches('/api/notices?includeExpired=true', ['/api/notices'])).toBe(true);
    expect(keyMatches('/api/notices/1', ['/api/notices'])).toBe(false);
    expect(keyMatches('/api/noticesX', ['/api/notices'])).toBe(false);
  });

  it('refetches lists on screen and drops the others, which refetch when shown again', async () => {
    version = 1;
    server.use(http.get('/api/things', () => HttpResponse.json({ v: version })));
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <Harness />
      </SWRConfig>,
    );
    expect(await screen.findByText('/api/things v1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('/api/things?x=1 v1')).toBeInTheDocument();

    version = 2;
    await user.click(screen.getByRole('button', { name: 'write' }));
    expect(await screen.findByText('/api/things?x=1 v2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(screen.getByText('/api/things v2')).toBeInTheDocument());
  });
});
