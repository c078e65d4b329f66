/**
 * Texts the specification gives word for word, kept in one place so that screens and
 * tests share them.
 */
export const MESSAGES = {
  loginFailed: 'Login failed! please check email and password',
  loggedOut: 'You have been signed out.',
  registrationFailed: 'Registration failed. Either the callsign or email address is already in use.',
  registerWelcome: 'Welcome! Set a password so you can log in again.',
  profileUpdated: 'Profile updated!',
  profileUpdateFailed: 'Failed to update profile.',
  loginToLog: 'Please Log in to log contacts?',
  networkError: 'Network Error, please try again.',
  errorLoadingQso: 'Error loading QSO',
  deleteQso: (id: string) => `Delete QSO ${id}?`,
  logbookFailed: 'Failed to load logbook.',
  logbookCountFailed: 'Error loading total logs count',
  logbookEmpty: 'No QSOs yet — ',
  logbookEmptyLink: 'log your first contact',
  callLength: 'Callsign must be 3 to 20 characters.',
  freqInvalid: 'Enter the frequency in MHz, for example 7.127.',
  timeInvalid: 'Enter a valid date and time (UTC).',
  loading: 'Loading...',

  // Logger (core spec: Logger screen, sections 4, 5 and 8)
  callPlaceholder: 'Log a contact',
  errorLoadingQsos: 'Error loading QSOs',
  resetCounters: 'Reset counters?',
  catUnavailable: 'CAT Link Unavailable',
  catHelp: 'To use CAT you need our desktop app, or a UDP connection from other desktop programs (WSJT-X, N1MM, JTDX ...).',
  dxccPlaceholder: '-- DXCC List',

  // Login with a One Time PIN (core spec: Login screen, section 8)
  pinToggle: "I've forgotten my email or password / use a One Time PIN",
  pinEmailNote: "We'll EMAIL you a PIN, please check your JUNK FOLDER",
  pinCallsignLength: 'Callsign must be between 3 and 30 characters',
  pinSent: 'PIN sent. Enter the latest PIN you received.',
  pinSendFailed: 'Sending pin failed, please check your callsign and try again.',
  wrongPin:
    'Wrong pin number, the pin will change every time you request it, you must enter the latest pin number. Click send pin AND WAIT for the email and SMS to arrive. Check your JUNK FOLDER.',

  // Sub-accounts (core spec: Sub-accounts page, sections 5 and 8)
  subAccountsHeading: (callsign: string) => `Sub Accounts for ${callsign}`,
  subAccountCallsignInvalid: 'Please enter a valid callsign',
  subAccountOwnCallsign: 'You cannot add your own callsign as a sub-account.',
  subAccountAlreadyAdded: 'This callsign is already added as a sub-account.',
  subAccountCannotAdd:
    'You cannot add sub-accounts. Please logout and login to your main account to add new sub-accounts.',
  subAccountsEmpty: 'No sub-accounts available.',
  anErrorOccurred: 'An error occurred',
  subAccountAddFailed: 'An error occurred while adding sub account',
  confirmAddSubAccount: (callsign: string) => `Add ${callsign} as a sub-account?`,
  confirmSwitchAccount: (callsign: string) => `Switch to ${callsign}?`,

  // Settings (community spec: Account settings, sections 5 and 8)
  fieldRequired: (label: string) => `The ${label} field is required.`,
  // Worded as the server words it (fieldTooLong('profile bio', 1000)).
  bioTooLong: 'The profile bio field must not be greater than 1000 characters.',
  rigNameTooLong: 'The rig name override may be at most 10 characters.',
  passwordTooShort: 'The password field must be at least 8 characters.',
  passwordMismatch: 'The password field confirmation does not match.',
  confirmNewApiKey:
    'Issue a new API key? Apps and programs using the current key stop working until you enter the new one.',
  newApiKeyIssued: 'A new API key was issued.',
  newApiKeyFailed: 'Issuing a new API key failed, please try again.',

  // Public profiles, search, follows and messages (community spec sections 2, 5, 8)
  invalidSearchQuery: 'invalid search query',
  callsignSearchTooShort: 'Enter at least 3 characters of a callsign.',
  profileNotFound: (callsign: string) => `No station with the callsign ${callsign} was found.`,
  profileLoadFailed: 'Failed to load the profile.',
  followFailed: 'Failed to follow. Please try again.',
  unfollowFailed: 'Failed to unfollow. Please try again.',
  messageTooShort: 'Message too short. Please enter a message with at least 5 characters.',
  messageTooLong: 'Message too long. Please enter a message with less than 500 characters.',
  messageFailed: 'Failed to send message. Please try again.',
  messageSent: 'Message sent.',
  upgradeForMessaging: 'please upgrade to use direct messaging',

  // Photos (community spec section 8)
  photosFetchError: (message: string) => `Error fetching photos: ${message}`,
  photoUploadError: (message: string) => `Error uploading photo: ${message}`,
  photoDeleteError: (message: string) => `Error deleting photo: ${message}`,
  photoDefaultError: (message: string) => `Error setting default photo: ${message}`,
  photoUploaded: 'Photo uploaded successfully!',
  photoDeleted: 'Photo deleted successfully!',
  photoMadeDefault: 'Photo set as default successfully!',
  photoFileRequired: 'Please select a file to upload.',
  photoFileType: 'Only .jpg, .jpeg, .png and .gif files can be uploaded.',
  confirmDeletePhoto: 'Delete this photo?',

  // Inbox (community spec sections 2 and 8)
  signInForNotifications: 'Sign in to view your notifications',
  noNotifications: 'No Notifications',
  notificationsFailed: 'Failed to load notifications.',
  enableDesktopNotifications: 'Enable desktop notifications',

  // Shell (core spec: Shell)
  upgradeRequired: 'Please upgrade to access that feature.',
  registerRequired: 'Please register to access that feature.',
  comeOnIn: 'Come on in',

  // Downloads (community spec sections 2 and 6)
  downloadLoginRequired: 'LOGIN required',
  downloadUpgradeRequired: 'UPGRADE required',
} as const;
