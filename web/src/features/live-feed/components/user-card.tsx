import { Link } from 'react-router-dom';
import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { isCqOpMode } from '@hamlog/domain/community/rules';
import { Avatar } from '@/components/ui/avatar';
import { FrequencyText } from '@/components/ui/frequency-text';
import { MESSAGES } from '@/config/messages';
import { stationPath } from '@/utils/qso-format';
import { isOnAir, isOnlineOnly } from '../utils/feed';
import { FeedIcon } from './feed-icons';

/** One station in the user feed with its status markers (core.md §2, Home page panes). */
export function UserCard({ card }: { card: FeedUserCard }) {
  const callsign = card.my_callsign;
  const activation = [card.activation_type, card.activation_ref].filter((part) => part.trim() !== '').join(' ');
  return (
    <li className="feed-user">
      <Avatar imageName={card.profile_image_name} callsign={callsign} />
      <div className="feed-user-body">
        <p className="feed-user-head">
          <Link to={stationPath(callsign)} className="feed-user-call">
            {callsign}
          </Link>
          {card.is_admin ? <FeedIcon name="shield" label="Administrator" /> : null}
          {card.sub ? <FeedIcon name="check" label="Verified subscriber" /> : null}
          {card.name ? <span className="feed-user-name">{card.name}</span> : null}
        </p>
        <p className="feed-user-markers">
          {isOnAir(card) ? <span className="marker marker-on-air">{MESSAGES.onAir}</span> : null}
          {isOnlineOnly(card) ? <span className="marker marker-online">{MESSAGES.loggedInRecently}</span> : null}
          {card.ptt_down ? <span className="marker marker-tx">{MESSAGES.txing}</span> : null}
          {isCqOpMode(card.op_mode) ? <span className="marker marker-cq">CQ</span> : null}
          {card.is_live ? (
            <Link to={`/live/user/${encodeURIComponent(card.id)}`} className="marker marker-live" aria-label={`Watch ${callsign} live`}>
              <FeedIcon name="camera" />
              Live
            </Link>
          ) : null}
        </p>
        {card.on_freq || card.contesting || card.mode || card.rig_name || activation ? (
          <p className="feed-user-rig">
            <FrequencyText khz={card.freq} masked={card.contesting} />
            {card.mode ? <span>{card.mode}</span> : null}
            {card.rig_name ? <span className="muted">{card.rig_name}</span> : null}
            {activation ? <span className="badge">{activation}</span> : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}
