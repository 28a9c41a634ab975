'use client';

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  /** Defaults to the spec's 'Yes, do it!'. */
  confirmLabel?: string;
  /** null hides the cancel button, for one-button 'Oops...' alerts. */
  cancelLabel?: string | null;
  onConfirm: () => void;
  /** Called for the cancel button, Escape, and nothing else. */
  onCancel?: () => void;
  tone?: 'primary' | 'danger';
  /** Extra content between text and buttons, e.g. a reason field. */
  children?: ReactNode;
}

/**
 * A confirmation built on Radix AlertDialog: focus starts on Cancel (so 'no' is the default
 * answer, spec §4) and clicking outside does not dismiss it.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = 'Yes, do it!',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  tone = 'primary',
  children,
}: ConfirmDialogProps) {
  // What had focus when the question opened (a layout effect runs before Radix moves focus into it).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel?.())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog--sm"
          {...(text ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            // Radix would focus its (absent) trigger, i.e. the body: focus goes back to what asked, while it is
            // there and enabled; else it stays where the answer put it, or goes to main rather than the body.
            event.preventDefault();
            if (opener.current?.isConnected && !opener.current.matches(':disabled')) return opener.current.focus();
            const active = document.activeElement;
            if (!active || active === document.body) document.querySelector<HTMLElement>('main')?.focus();
          }}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {text ? <AlertDialog.Description className="dialog__text">{text}</AlertDialog.Description> : null}
          {children}
          <div className="dialog__footer">
            {cancelLabel !== null ? <AlertDialog.Cancel className="btn btn--secondary">{cancelLabel}</AlertDialog.Cancel> : null}
            {/* Not AlertDialog.Action: that would also fire onOpenChange(false), i.e. onCancel. */}
            <button type="button" className={`btn btn--${tone}`} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'children'>;

/**
 * Promise-style confirmation: `if (await confirm({ title: 'Are you sure?' })) …`.
 * Render the returned `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false); // a newer question replaces an unanswered one
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = options ? <ConfirmDialog {...options} open onConfirm={() => answer(true)} onCancel={() => answer(false)} /> : null;
  return { confirm, dialog };
}
