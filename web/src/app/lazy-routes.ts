import { lazy } from 'react';

/**
 * Each screen is its own chunk, so a page loads only the code it shows: the logger, which must be
 * ready in under a second, does not wait for the settings, photos or QR code libraries.
 */
export const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
export const LeaderboardsRoute = lazy(() => import('./routes/leaderboards').then((m) => ({ default: m.LeaderboardsRoute })));
export const LoggerRoute = lazy(() => import('./routes/logger').then((m) => ({ default: m.LoggerRoute })));
export const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
export const RegisterRoute = lazy(() => import('./routes/register').then((m) => ({ default: m.RegisterRoute })));
export const ClaimCallsignRoute = lazy(() => import('./routes/claim-callsign').then((m) => ({ default: m.ClaimCallsignRoute })));
export const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
export const SubAccountsRoute = lazy(() => import('./routes/sub-accounts').then((m) => ({ default: m.SubAccountsRoute })));
export const PhotosRoute = lazy(() => import('./routes/photos').then((m) => ({ default: m.PhotosRoute })));
export const NotificationsRoute = lazy(() => import('./routes/notifications').then((m) => ({ default: m.NotificationsRoute })));
export const JoinRoute = lazy(() => import('./routes/join').then((m) => ({ default: m.JoinRoute })));
export const LogsRoute = lazy(() => import('./routes/logs').then((m) => ({ default: m.LogsRoute })));
export const AwardsRoute = lazy(() => import('./routes/awards').then((m) => ({ default: m.AwardsRoute })));
export const AwardRoute = lazy(() => import('./routes/awards').then((m) => ({ default: m.AwardRoute })));
export const StatsRoute = lazy(() => import('./routes/stats').then((m) => ({ default: m.StatsRoute })));
export const HowToEmbedsRoute = lazy(() => import('./routes/how-to-embeds').then((m) => ({ default: m.HowToEmbedsRoute })));
export const DeletedQsosRoute = lazy(() => import('./routes/deleted-qsos').then((m) => ({ default: m.DeletedQsosRoute })));
export const QsoRoute = lazy(() => import('./routes/qso').then((m) => ({ default: m.QsoRoute })));
export const QsoEditRoute = lazy(() => import('./routes/qso').then((m) => ({ default: m.QsoEditRoute })));
export const StationRoute = lazy(() => import('./routes/station').then((m) => ({ default: m.StationRoute })));
export const SearchRoute = lazy(() => import('./routes/station').then((m) => ({ default: m.SearchRoute })));
export const PrivacyRoute = lazy(() => import('./routes/static-pages').then((m) => ({ default: m.PrivacyRoute })));
export const TermsRoute = lazy(() => import('./routes/static-pages').then((m) => ({ default: m.TermsRoute })));
export const ContactRoute = lazy(() => import('./routes/static-pages').then((m) => ({ default: m.ContactRoute })));
export const HelpRoute = lazy(() => import('./routes/static-pages').then((m) => ({ default: m.HelpRoute })));
export const DocsRoute = lazy(() => import('./routes/static-pages').then((m) => ({ default: m.DocsRoute })));
export const DownloadRoute = lazy(() => import('./routes/download').then((m) => ({ default: m.DownloadRoute })));
export const AdminUsersRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminUsersRoute })));
export const AdminStatsRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminStatsRoute })));
export const LanderRoute = lazy(() => import('./routes/lander').then((m) => ({ default: m.LanderRoute })));
export const SupportUsRoute = lazy(() => import('./routes/support-us').then((m) => ({ default: m.SupportUsRoute })));
export const UpgradeCheckRoute = lazy(() => import('./routes/payment-check').then((m) => ({ default: m.UpgradeCheckRoute })));
export const StartTrialRoute = lazy(() => import('./routes/payment-check').then((m) => ({ default: m.StartTrialRoute })));
export const ImportExportRoute = lazy(() => import('./routes/import-export').then((m) => ({ default: m.ImportExportRoute })));
export const GlobeRoute = lazy(() => import('./routes/globe').then((m) => ({ default: m.GlobeRoute })));
export const ScoresRoute = lazy(() => import('./routes/contest-scores').then((m) => ({ default: m.ScoresRoute })));
export const MegastreamRoute = lazy(() => import('./routes/contest-scores').then((m) => ({ default: m.MegastreamRoute })));
export const ContestsRoute = lazy(() => import('./routes/contests').then((m) => ({ default: m.ContestsRoute })));
export const NewContestRoute = lazy(() => import('./routes/contests').then((m) => ({ default: m.NewContestRoute })));
export const ContestRoute = lazy(() => import('./routes/contests').then((m) => ({ default: m.ContestRoute })));
export const EditContestRoute = lazy(() => import('./routes/contests').then((m) => ({ default: m.EditContestRoute })));
export const NewsRoute = lazy(() => import('./routes/posts').then((m) => ({ default: m.NewsRoute })));
export const VideosRoute = lazy(() => import('./routes/posts').then((m) => ({ default: m.VideosRoute })));
export const PostRoute = lazy(() => import('./routes/posts').then((m) => ({ default: m.PostRoute })));
export const NewPostRoute = lazy(() => import('./routes/posts').then((m) => ({ default: m.NewPostRoute })));
export const EditPostRoute = lazy(() => import('./routes/posts').then((m) => ({ default: m.EditPostRoute })));
export const LiveStationRoute = lazy(() => import('./routes/live-station').then((m) => ({ default: m.LiveStationRoute })));
export const SstvRoute = lazy(() => import('./routes/sstv').then((m) => ({ default: m.SstvRoute })));
