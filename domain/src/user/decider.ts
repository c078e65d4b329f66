/** The user aggregate, stream `user-{userId}`. Uniqueness of email and callsign is kept by the claim streams. */
import { assertNever, type Decider, type Message } from '../decider';
import { UserAlreadyRegisteredError, UserNotFoundError } from '../errors';

export type UserRegistered = Message<
  'UserRegistered',
  { userId: string; email: string; callsign: string; refId: string; apiKey: string; registeredAt: string }
>;
export type PasswordSet = Message<'PasswordSet', { passwordHash: string; setAt: string }>;
export type UserEvent = UserRegistered | PasswordSet;
export const USER_EVENT_TYPES = ['UserRegistered', 'PasswordSet'] as const satisfies readonly UserEvent['type'][];

/** `at` is an ISO 8601 UTC timestamp. */
export type RegisterUser = Message<
  'RegisterUser',
  { userId: string; email: string; callsign: string; refId: string; apiKey: string; at: string }
>;
export type SetPassword = Message<'SetPassword', { passwordHash: string; at: string }>;
export type UserCommand = RegisterUser | SetPassword;

export type UserState = null | {
  userId: string;
  email: string;
  callsign: string;
  refId: string;
  apiKey: string;
  registeredAt: string;
  passwordHash: string | null;
  passwordSetAt: string | null;
};

export function initialUserState(): UserState {
  return null;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      const { userId, email, callsign, refId, apiKey, at } = command.data;
      if (state !== null) throw new UserAlreadyRegisteredError(state.userId);
      return [{ type: 'UserRegistered', data: { userId, email, callsign, refId, apiKey, registeredAt: at } }];
    }
    case 'SetPassword': {
      if (state === null) throw new UserNotFoundError();
      return [{ type: 'PasswordSet', data: { passwordHash: command.data.passwordHash, setAt: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...event.data, passwordHash: null, passwordSetAt: null };
    case 'PasswordSet':
      return state && { ...state, passwordHash: event.data.passwordHash, passwordSetAt: event.data.setAt };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};
