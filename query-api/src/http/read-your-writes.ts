/**
 * Every read of a user's own data waits for that user's latest write (decision 0005). The
 * middleware lives in infra: command-api's reads (the inbox) use it too.
 */
export { mayWaitForWrites, positionToSee, readYourWrites } from '@hamlog/infra/http/read-your-writes';
