/** Where every field of a QSO is edited, and what its page's link tells that form (so Cancel and Save go back to it). */
export function qsoEditPath(qdoId: string): string {
  return `/qso/${encodeURIComponent(qdoId)}/edit`;
}

export interface FromQsoPage {
  fromQsoPage: true;
}

export const FROM_QSO_PAGE: FromQsoPage = { fromQsoPage: true };
