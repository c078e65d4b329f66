/**
 * The shared API types (owned by domain/), re-exported for the client.
 * Type-only: nothing from domain/ ends up in the bundle.
 */
import type {
  LOG_POSITION_HEADER as LogPositionHeader,
  MIN_POSITION_HEADER as MinPositionHeader,
} from '../../../domain/src/api-types';

export type {
  AttachmentAnswer,
  AuthAnswer,
  DeletedQsosAnswer,
  DxccEntityOption,
  ErrorAnswer,
  FieldErrors,
  LoginRequest,
  LogbookAnswer,
  LogbookCountAnswer,
  LogbookRequest,
  LogbarAnswer,
  LogbarUser,
  Qso,
  QsoFieldChange,
  QsoHistoryAnswer,
  QsoHistoryEntry,
  QsoInput,
  RegisterRequest,
  RigState,
  Subscription,
  UpdatePasswordRequest,
  UpdateRequest,
  UpsertAnswer,
  UpsertRequest,
  User,
  // accounts and people (issue 4)
  AddSubAccountRequest,
  FlagInput,
  FollowingAnswer,
  InboxAnswer,
  LoginToSubaccountRequest,
  MessageAnswer,
  NewApiKeyAnswer,
  Notification,
  NotificationSender,
  PageViewRequest,
  Photo,
  PhotoChangeAnswer,
  PhotoIdRequest,
  PhotosAnswer,
  PinLoginRequest,
  ProfileAnswer,
  ProfileQso,
  PublicProfile,
  SendMessageAnswer,
  SendMessageRequest,
  SendPinRequest,
  SetFollowStateRequest,
  StatusAnswer,
  SubAccountSummary,
  UpdateProfileRequest,
  UploadPhotoAnswer,
  UserAnswer,
} from '../../../domain/src/api-types';

// The header names are values in domain/; the client keeps its own copies, and the
// type annotations make the compiler check that they are the same strings.
export const LOG_POSITION_HEADER: typeof LogPositionHeader = 'x-log-position';
export const MIN_POSITION_HEADER: typeof MinPositionHeader = 'x-min-position';
