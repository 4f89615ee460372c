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
