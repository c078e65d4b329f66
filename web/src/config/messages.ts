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
} as const;
