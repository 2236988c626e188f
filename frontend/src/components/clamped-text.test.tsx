import { render, screen } from '@testing-library/react';
import { ClampedText } from '@/components/clamped-text';

const long =
  'Annual review of the investment policy, the reserves policy and the risk register, with the auditors';

describe('ClampedText', () => {
  it('keeps the full text in the DOM and in its title, clamped to two lines', () => {
    render(<ClampedText text={long} />);
    const text = screen.getByText(long);
    expect(text).toHaveAttribute('title', long);
    expect(text).toHaveStyle({ overflow: 'hidden' });
    const style = getComputedStyle(text);
    expect(style.display).toBe('-webkit-box');
    expect(style.getPropertyValue('-webkit-line-clamp')).toBe('2');
  });

  it('shows its children (a link) with the text as the title, and takes another line count', () => {
    render(
      <ClampedText text={long} lines={3} component="h3">
        <a href="/meetings/1">{long}</a>
      </ClampedText>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: long });
    expect(heading).toHaveAttribute('title', long);
    expect(screen.getByRole('link', { name: long })).toHaveAttribute('href', '/meetings/1');
    expect(getComputedStyle(heading).getPropertyValue('-webkit-line-clamp')).toBe('3');
  });
});
