import { SERVICE_NAMES } from '@hamlog/domain/qso/confirmations';
import type { QsoDetails } from '@hamlog/domain/qso/details';
import type { QsoRejection } from '@hamlog/domain/api-types';
import { detailSections } from '../utils/detail-sections';
import { ConfirmationBadge } from './confirmation-badge';

/** The QSO's ADIF detail fields, a table per group that holds any (Confirmations, Location and references, Station, Contest and notes). */
export function QsoDetailSections({ adif, rejections }: { adif: QsoDetails | undefined; rejections?: readonly QsoRejection[] | undefined }) {
  return detailSections(adif, rejections).map((section) => {
    const headingId = `qso-details-${section.group}`;
    return (
      <section key={section.group} className="qso-section" aria-labelledby={headingId}>
        <h2 id={headingId}>{section.label}</h2>
        <table className="table details-table">
          <tbody>
            {section.services.map((status) => (
              <tr key={status.service}>
                <th scope="row">{SERVICE_NAMES[status.service]}</th>
                <td>
                  <ConfirmationBadge status={status} />
                </td>
              </tr>
            ))}
            {section.rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.label}</th>
                <td className={row.multiline ? 'qso-detail-multiline' : undefined}>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  });
}
