/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { FocusKeeper } from './focus-keeper';

function Page({ showButton }: { showButton: boolean }) {
  return (
    <>
      <FocusKeeper mainId="main" />
      <main id="main" tabIndex={-1}>
        {showButton ? <button type="button">Open</button> : null}
      </main>
    </>
  );
}

test('focus on a button that leaves the page goes to the main region, not the body', async () => {
  const view = render(<Page showButton />);
  view.getByRole('button', { name: 'Open' }).focus();
  expect(document.activeElement).toBe(view.getByRole('button', { name: 'Open' }));
  view.rerender(<Page showButton={false} />);
  // MutationObserver callbacks run as microtasks.
  await act(async () => {});
  expect(document.activeElement).toBe(document.getElementById('main'));
});

test('focus elsewhere is left alone when something in main leaves', async () => {
  const view = render(
    <>
      <input aria-label="outside" />
      <Page showButton />
    </>,
  );
  view.getByRole('textbox', { name: 'outside' }).focus();
  view.rerender(
    <>
      <input aria-label="outside" />
      <Page showButton={false} />
    </>,
  );
  await act(async () => {});
  expect(document.activeElement).toBe(view.getByRole('textbox', { name: 'outside' }));
});
