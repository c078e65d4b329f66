import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  SSTV_ARCHIVE_EMPTY,
  SSTV_ARCHIVE_END,
  SSTV_ARCHIVE_INTRO,
  SSTV_ARCHIVE_LOAD_FAILED,
  SSTV_ARCHIVE_LOADING,
  SSTV_ARCHIVE_MORE,
  SSTV_ARCHIVE_TITLE,
  sstvImageAlt,
  type SstvArchiveImage,
} from '@hamlog/domain/sstv/api';
import { ImageLightbox } from '@/components/ui/image-lightbox';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/media';
import { formatUtcMinute } from '@/utils/time';
import { stationPath } from '@/utils/qso-format';
import { useSstvArchive } from '../api/get-sstv-archive';
import './sstv-archive.css';

function ArchiveItem({ image, onOpen }: { image: SstvArchiveImage; onOpen: () => void }) {
  const when = formatUtcMinute(image.qso_at);
  return (
    <li className="sstv-item">
      <button type="button" className="sstv-thumb" aria-label={`Open the SSTV image from the QSO of ${image.station_callsign} with ${image.call}, ${when} UTC`} onClick={onOpen}>
        <img src={mediaUrl(image.file_name) ?? ''} alt="" loading="lazy" />
      </button>
      <div className="sstv-caption">
        <p className="sstv-calls">
          <Link to={stationPath(image.station_callsign)}>{image.station_callsign}</Link>
          <span aria-hidden="true"> ↔ </span>
          <span className="sr-only"> with </span>
          <Link to={stationPath(image.call)}>{image.call}</Link>
        </p>
        <p className="sstv-meta muted">
          <time dateTime={image.qso_at}>{when} UTC</time>
          {image.band ? ` · ${image.band}` : ''}
          {image.mode ? ` · ${image.mode}` : ''}
        </p>
        <p className="sstv-qso-link">
          <Link to={`/qso/${encodeURIComponent(image.qdo_id)}`}>
            View QSO<span className="sr-only"> of {image.station_callsign} with {image.call} at {when} UTC</span>
          </Link>
        </p>
      </div>
    </li>
  );
}

/**
 * /sstv (decision 0051): the public SSTV archive, newest attached image first, a page at a time
 * ('Older images' fetches the next by its cursor); each image opens in the lightbox, which steps
 * through every image loaded so far, and links to its QSO.
 */
export function SstvArchive() {
  const archive = useSstvArchive();
  const [open, setOpen] = useState<number | null>(null);
  const images = archive.data?.pages.flatMap((page) => page.images) ?? [];

  return (
    <Page title={SSTV_ARCHIVE_TITLE}>
      <p className="muted sstv-intro">{SSTV_ARCHIVE_INTRO}</p>
      {archive.isPending ? (
        <Loading label={SSTV_ARCHIVE_LOADING} />
      ) : archive.isError && images.length === 0 ? (
        <Notice tone="error">{SSTV_ARCHIVE_LOAD_FAILED}</Notice>
      ) : images.length === 0 ? (
        <p className="sstv-empty" role="status">
          {SSTV_ARCHIVE_EMPTY}
        </p>
      ) : (
        <>
          <ul className="sstv-grid" aria-label="SSTV images">
            {images.map((image, i) => (
              <ArchiveItem key={`${image.qdo_id}/${image.file_name}`} image={image} onOpen={() => setOpen(i)} />
            ))}
          </ul>
          <div className="sstv-more">
            {archive.isFetchNextPageError ? <Notice tone="error">{SSTV_ARCHIVE_LOAD_FAILED}</Notice> : null}
            {archive.hasNextPage ? (
              <button type="button" className="btn btn-secondary" disabled={archive.isFetchingNextPage} onClick={() => void archive.fetchNextPage()}>
                {archive.isFetchingNextPage ? SSTV_ARCHIVE_LOADING : SSTV_ARCHIVE_MORE}
              </button>
            ) : (
              <p className="muted">{SSTV_ARCHIVE_END}</p>
            )}
          </div>
        </>
      )}
      {open !== null ? (
        <ImageLightbox
          images={images.map((image) => ({ src: mediaUrl(image.file_name) ?? '', alt: `${sstvImageAlt(image)}, ${formatUtcMinute(image.qso_at)} UTC` }))}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          className="sstv-lightbox"
        />
      ) : null}
    </Page>
  );
}
