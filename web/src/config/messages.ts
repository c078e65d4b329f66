/**
 * The screens' own texts (word for word where the specification gives them), kept in one place
 * so that screens and tests share them. A text a rule or the server also gives (errors, prompts,
 * alerts the API answers) is the domain's: import it from '@hamlog/domain/messages' instead.
 */
export const MESSAGES = {
  loggedOut: 'You have been signed out.',
  registerWelcome: 'Welcome! Set a password so you can log in again.',
  profileUpdated: 'Profile updated!',
  profileUpdateFailed: 'Failed to update profile.',
  logbookEmpty: 'No QSOs yet — ',
  logbookEmptyLink: 'log your first contact',
  // Statistics (/stats, issue 11)
  statsEmpty: 'No QSOs in your log yet: nothing to count. ',
  statsEmptyLog: 'Log a contact',
  statsEmptyImport: 'import an ADIF file',
  statsLoadFailed: 'Your statistics could not be loaded.',
  statsFollowLog: 'Counts follow your log within a few seconds of each change.',
  freqInvalid: 'Enter the frequency in MHz, for example 7.127.',
  timeInvalid: 'Enter a valid date and time (UTC).',

  // Logger (core spec: Logger screen, sections 4, 5 and 8)
  callPlaceholder: 'Log a contact',
  catHelp: 'To use CAT you need our desktop app, or a UDP connection from other desktop programs (WSJT-X, N1MM, JTDX ...).',
  dxccPlaceholder: '-- DXCC List',

  // Login with a One Time PIN (core spec: Login screen, section 8)
  pinToggle: "I've forgotten my email or password / use a One Time PIN",

  // Sub-accounts (core spec: Sub-accounts page, sections 5 and 8)
  subAccountsHeading: (callsign: string) => `Sub Accounts for ${callsign}`,
  confirmAddSubAccount: (callsign: string) => `Add ${callsign} as a sub-account?`,
  confirmSwitchAccount: (callsign: string) => `Switch to ${callsign}?`,

  // Settings (community spec: Account settings, sections 5 and 8)
  confirmNewApiKey:
    'Issue a new API key? Apps and programs using the current key stop working until you enter the new one.',
  newApiKeyIssued: 'A new API key was issued.',
  newApiKeyFailed: 'Issuing a new API key failed, please try again.',
  confirmDeleteReadOnlyKey: 'Delete this read-only API key? Apps and websites using it stop working at once.',
  readOnlyKeyCreateFailed: 'Creating a read-only API key failed, please try again.',
  readOnlyKeyDeleteFailed: 'Deleting the read-only API key failed, please try again.',
  confirmSignOutEverywhere: 'Sign out on every other device? You stay signed in here.',
  signOutEverywhereFailed: 'Signing out the other devices failed, please try again.',

  // Public profiles, search, follows and messages (community spec sections 2, 5, 8)
  callsignSearchTooShort: 'Enter at least 3 characters of a callsign.',
  profileNotFound: (callsign: string) => `No station with the callsign ${callsign} was found.`,
  profileLoadFailed: 'Failed to load the profile.',
  messageSent: 'Message sent.',

  // Photos (community spec section 8)
  photosFetchError: (message: string) => `Error fetching photos: ${message}`,
  photoUploadError: (message: string) => `Error uploading photo: ${message}`,
  photoDeleteError: (message: string) => `Error deleting photo: ${message}`,
  photoDefaultError: (message: string) => `Error setting default photo: ${message}`,
  confirmDeletePhoto: 'Delete this photo?',

  // Inbox (community spec sections 2 and 8)
  enableDesktopNotifications: 'Enable desktop notifications',

  // Shell (core spec: Shell)
  comeOnIn: 'Come on in',

  // Home page feeds and leaderboards (core spec: Home page panes, Leaderboards page)
  onAir: 'On Air',
  loggedInRecently: 'Logged In Recently',
  txing: 'TXing',
  you: 'YOU',
  frequencyHidden: 'hidden',
  frequencyHiddenTitle: 'Frequency hidden: contesting',
  noStationsMatch: 'No stations match these filters.',

  // Downloads (community spec sections 2 and 6)
  downloadLoginRequired: 'LOGIN required',
  downloadUpgradeRequired: 'UPGRADE required',
} as const;
