/** The icon bar's pictures: simple 24 px line drawings in the text colour. */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5',
  settings:
    'M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm7.4-2.1.1-1.4-.1-1.4 2-1.6-2-3.4-2.4 1a7.7 7.7 0 0 0-2.4-1.4L14.2 3h-4l-.4 2.6a7.7 7.7 0 0 0-2.4 1.4l-2.4-1-2 3.4 2 1.6-.1 1.4.1 1.4-2 1.6 2 3.4 2.4-1a7.7 7.7 0 0 0 2.4 1.4l.4 2.6h4l.4-2.6a7.7 7.7 0 0 0 2.4-1.4l2.4 1 2-3.4Z',
  download: 'M12 3v12m0 0-5-5m5 5 5-5M4 19h16',
  importExport: 'M7 4v13m0 0-3.5-3.5M7 17l3.5-3.5M17 20V7m0 0-3.5 3.5M17 7l3.5 3.5',
  faq: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.6-11.6a2.7 2.7 0 0 1 5.2 1c0 1.8-2.6 2.3-2.6 4M12 17.2v.1',
  logs: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20.5a2 2 0 0 0 4 0',
  stop: 'M6 6h12v12H6z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
