import { mediaUrl } from '@/lib/media';

/** An audio player for each recording attached to the QSO. */
export function QsoRecordings({ files }: { files: { file_name: string }[] }) {
  if (files.length === 0) return null;
  return (
    <section className="qso-section" aria-labelledby="qso-recordings">
      <h2 id="qso-recordings">{files.length === 1 ? 'Recording' : 'Recordings'}</h2>
      <ul className="qso-recordings">
        {files.map((file, i) => {
          const src = mediaUrl(file.file_name) ?? '';
          return (
            <li key={file.file_name}>
              <audio controls preload="metadata" src={src} aria-label={`Recording ${i + 1}`}>
                <a href={src}>Download recording {i + 1}</a>
              </audio>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
