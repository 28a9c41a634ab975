'use client';

import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';

export interface NoticeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The one button's text; it closes the modal. */
  closeLabel: string;
  children: ReactNode;
}

/** A small modal that only tells something: a message and one button that closes it. */
export function NoticeModal({ open, onOpenChange, title, closeLabel, children }: NoticeModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title}
      footer={
        <button type="button" className="btn btn--primary" onClick={() => onOpenChange(false)}>
          {closeLabel}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
