import { mediaUrl } from '@/lib/media';
import { Lightbox } from './lightbox';

/** The SSTV images attached to the QSO, each opening large. */
export function QsoSstvImages({ files, call }: { files: { file_name: string }[]; call: string }) {
  if (files.length === 0) return null;
  return (
    <section className="qso-section" aria-labelledby="qso-sstv">
      <h2 id="qso-sstv">SSTV images</h2>
      <ul className="qso-sstv-grid">
        {files.map((file, i) => (
          <li key={file.file_name}>
            <Lightbox src={mediaUrl(file.file_name) ?? ''} alt={`SSTV image ${i + 1} from the QSO with ${call}`} label={`SSTV image ${i + 1}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
