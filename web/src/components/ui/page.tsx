import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@/config/app';

/** Sets the document title while a page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The frame of a screen: its heading, optional actions, and content. */
export function Page({
  title,
  heading,
  actions,
  narrow,
  children,
}: {
  title: string;
  heading?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className={narrow ? 'page page-narrow' : 'page'}>
      <header className="page-header">
        <h1>{heading ?? title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
