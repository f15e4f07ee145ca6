// A modal <dialog>: shown with showModal, so the browser keeps focus inside and Escape closes it.

import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  className: string;
  onClose: () => void;
  children: ReactNode;
}

export function Modal({ title, className, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`servers-dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="servers-dialog-head">
        <h3 id={titleId}>{title}</h3>
        <button type="button" className="icon-button" aria-label="Close" title="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
