import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';

/** A stand-in for the browser's WebSocket: tests push messages and closes into it. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  close() {
    this.closed = true;
  }

  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }

  serverClose(wasClean: boolean, code = wasClean ? 1000 : 1006) {
    this.onclose?.({ wasClean, code } as CloseEvent);
  }

  static latest(): FakeWebSocket {
    const last = FakeWebSocket.instances.at(-1);
    if (!last) throw new Error('no websocket was opened');
    return last;
  }
}

/** A user card as the API answers it: a signed-in station without rig data; `patch` changes any field. */
export function feedCard(patch: Partial<FeedUserCard> = {}): FeedUserCard {
  return {
    id: 'u2',
    name: 'Hans',
    my_callsign: 'DL1ABC',
    profile_image_name: 'missing.JPG',
    mode: '',
    prop_mode: '',
    is_live: false,
    is_online: true,
    is_admin: false,
    sub: false,
    on_freq: false,
    op_mode: 1,
    contesting: false,
    ptt_down: false,
    rig_name: '',
    azimuth: null,
    elevation: null,
    activation_type: '',
    activation_ref: '',
    freq: null,
    rig_reported_at: null,
    ...patch,
  };
}
