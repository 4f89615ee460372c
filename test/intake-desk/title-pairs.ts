/**
 * 50 labelled pairs: a request as someone would write it in Slack (`ask`), a work item title already
 * in the project (`item`), and whether a person triaging would call them the same thing. About half
 * are duplicates worded differently; the others share words but are not the same request (the
 * matcher's hard cases). Three languages, as the bot's users write.
 */
export interface TitlePair {
  ask: string;
  item: string;
  same: boolean;
}

export const TITLE_PAIRS: readonly TitlePair[] = [
  // Duplicates, worded differently
  { ask: 'CSV export is broken', item: 'Export to CSV fails', same: true },
  { ask: 'Login with SSO does not work', item: 'Login fails with SSO', same: true },
  { ask: 'App crashes when I search with an empty box', item: 'Crash on empty search', same: true },
  { ask: 'Typo on the billing page', item: 'Billing page typo', same: true },
  { ask: 'Please add dark mode', item: 'Dark mode', same: true },
  { ask: 'The public API needs rate limiting', item: 'Rate limit the public API', same: true },
  { ask: 'Checkout is blocked by the payment provider', item: 'Checkout blocked by payment provider', same: true },
  { ask: 'Slack notifications for new items', item: 'Slack notifications', same: true },
  { ask: 'The integration test is flaky again', item: 'Flaky integration test', same: true },
  { ask: 'Update the API docs for v2', item: 'Update API docs', same: true },
  { ask: 'Password reset email never arrives', item: 'Password reset emails are not delivered', same: true },
  { ask: 'Invoices PDF download gives a 500 error', item: 'Invoice PDF download returns 500', same: true },
  { ask: 'Mobile menu does not open on iPhone', item: 'Mobile navigation menu broken on iOS Safari', same: true },
  { ask: 'Can we get SAML login?', item: 'Feature request: SAML support', same: true },
  { ask: 'Uploading avatars fails for big images', item: 'Avatar upload fails for large images', same: true },
  { ask: 'Search results are very slow', item: 'Slow search results', same: true },
  { ask: 'Timezone is wrong in the weekly report', item: 'Weekly report shows wrong timezone', same: true },
  { ask: 'Users cannot change their email address', item: 'Changing email address fails', same: true },
  { ask: 'Export to Excel please', item: 'Excel export', same: true },
  { ask: "L'export CSV ne marche plus", item: 'Export CSV cassé', same: true },
  { ask: 'La page de facturation a une faute de frappe', item: 'Faute de frappe sur la page de facturation', same: true },
  { ask: '导出CSV失败', item: 'CSV导出失败', same: true },
  { ask: '登录页面无法使用SSO', item: 'SSO登录失败', same: true },
  { ask: 'Dashboard charts not loading', item: 'Dashboard charts fail to load', same: true },
  { ask: 'Two-factor codes are rejected', item: '2FA codes rejected at login', same: true },
  // Share words, not the same request
  { ask: 'Export to PDF', item: 'Export to CSV fails', same: false },
  { ask: 'Login page is slow', item: 'Login fails with SSO', same: false },
  { ask: 'Crash when uploading a file', item: 'Crash on empty search', same: false },
  { ask: 'Billing page should show taxes', item: 'Billing page typo', same: false },
  { ask: 'Light theme colours are too pale', item: 'Dark mode', same: false },
  { ask: 'Document the rate limit headers', item: 'Rate limit the public API', same: false },
  { ask: 'Add PayPal as a payment provider', item: 'Checkout blocked by payment provider', same: false },
  { ask: 'Email notifications are too frequent', item: 'Slack notifications', same: false },
  { ask: 'Add an integration test for SSO', item: 'Flaky integration test', same: false },
  { ask: 'API returns 404 for archived projects', item: 'Update API docs', same: false },
  { ask: 'Onboarding emails have the wrong logo', item: 'Onboarding checklist', same: false },
  { ask: 'Search should support filters by label', item: 'Slow search results', same: false },
  { ask: 'Weekly report should include closed items', item: 'Weekly report shows wrong timezone', same: false },
  { ask: 'Profile page needs a bio field', item: 'Avatar upload fails for large images', same: false },
  { ask: 'Rotate TLS certificates before they expire', item: 'Nightly backup failed', same: false },
  { ask: 'Upgrade Node to 24', item: 'Upgrade Postgres to 16', same: false },
  { ask: 'Invoices should show the VAT number', item: 'Invoice PDF download returns 500', same: false },
  { ask: 'Mobile app push notifications', item: 'Mobile navigation menu broken on iOS Safari', same: false },
  { ask: 'Dashboard needs a dark theme', item: 'Dashboard charts fail to load', same: false },
  { ask: 'Import users from a CSV file', item: 'Export to CSV fails', same: false },
  { ask: "Ajouter l'export PDF", item: 'Export CSV cassé', same: false },
  { ask: 'Traduire la page de facturation', item: 'Faute de frappe sur la page de facturation', same: false },
  { ask: '导入用户列表', item: 'CSV导出失败', same: false },
  { ask: 'Password rules are too strict', item: 'Password reset emails are not delivered', same: false },
  { ask: 'Keyboard shortcut for search', item: 'Crash on empty search', same: false },
];

/**
 * 13 requests written as paragraphs (more than a title's words), each beside a title already in the
 * project: the matcher reads these by how much of the title they cover.
 */
export const LONG_PAIRS: readonly TitlePair[] = [
  {
    ask: 'Hi team, quick one: since this morning nobody in finance can export the monthly report. Every time we click Export to CSV we get an error and no file',
    item: 'Export to CSV fails',
    same: true,
  },
  {
    ask: 'Hello! When I try to log in with our company SSO (Okta) I just land back on the login page, tried three browsers, nothing works',
    item: 'Login fails with SSO',
    same: true,
  },
  {
    ask: 'Not sure who owns this but the password reset email never arrives for me or two colleagues, we checked the spam folders too',
    item: 'Password reset emails are not delivered',
    same: true,
  },
  {
    ask: 'Good morning, the dashboard charts have not loaded at all today for our whole team, we only see spinners where the graphs should be',
    item: 'Dashboard charts fail to load',
    same: true,
  },
  {
    ask: "Bonjour, depuis hier l'export CSV ne marche plus du tout pour l'équipe compta, on a un message d'erreur à chaque fois qu'on essaie",
    item: 'Export CSV cassé',
    same: true,
  },
  {
    ask: 'hey, uploading avatars fails when the image is big (a 6 MB photo from my phone), small ones work fine for everyone on my team',
    item: 'Avatar upload fails for large images',
    same: true,
  },
  {
    ask: 'Hi all, the weekly report that went out this morning shows every time in UTC instead of our timezone, so the meeting times look wrong',
    item: 'Weekly report shows wrong timezone',
    same: true,
  },
  {
    ask: 'Hi team, could we also get an export to PDF of the monthly report? Finance would like to attach it to the emails they send',
    item: 'Export to CSV fails',
    same: false,
  },
  {
    ask: 'The login page takes almost ten seconds to show up this morning, after that everything is fine and I can work normally',
    item: 'Login fails with SSO',
    same: false,
  },
  {
    ask: 'Could someone document the new rate limit headers in the public API reference? Customers keep asking us what they mean',
    item: 'Rate limit the public API',
    same: false,
  },
  {
    ask: 'Dashboard idea: it would be great to get a dark theme for the charts shown on the big wall screen in the office lobby during demos',
    item: 'Dashboard charts fail to load',
    same: false,
  },
  {
    ask: 'We should be able to import users from a CSV file when onboarding big customers, doing it by hand takes hours every time',
    item: 'Export to CSV fails',
    same: false,
  },
  {
    ask: 'The weekly report should also list the items closed during the week, right now it only shows the open ones and new ones',
    item: 'Weekly report shows wrong timezone',
    same: false,
  },
];
