/**
 * Every sentence the server sends a person, in English (the API's words, binding where the spec
 * gives them) and in Greek. `{name}` marks a value filled in when the sentence is made; the
 * values named `label` and `entity` are field and record names, translated through LABEL_TEXTS.
 */
export const MESSAGE_TEXTS = {
  // Validation
  required: { en: '{label} is required', el: 'Το πεδίο «{label}» είναι υποχρεωτικό' },
  notText: { en: '{label} must be text', el: 'Το πεδίο «{label}» πρέπει να είναι κείμενο' },
  tooLong: {
    en: '{label} must be at most {max} characters',
    el: 'Το πεδίο «{label}» δέχεται έως {max} χαρακτήρες',
  },
  notBoolean: { en: '{label} must be true or false', el: 'Το πεδίο «{label}» πρέπει να είναι ναι ή όχι' },
  notIdList: { en: '{label} must be a list of ids', el: 'Το πεδίο «{label}» πρέπει να είναι λίστα αναγνωριστικών' },
  mustStartWithSlash: { en: '{label} must start with /', el: 'Το πεδίο «{label}» πρέπει να αρχίζει με /' },
  emailFormat: {
    en: 'Entered value does not match email format',
    el: 'Η τιμή δεν έχει τη μορφή διεύθυνσης email',
  },
  passwordMin: {
    en: 'Password must have at least 6 characters',
    el: 'Ο κωδικός πρέπει να έχει τουλάχιστον 6 χαρακτήρες',
  },
  passwordsDoNotMatch: { en: 'The passwords do not match', el: 'Οι κωδικοί δεν ταιριάζουν' },
  invalidId: { en: 'The id is not valid.', el: 'Το αναγνωριστικό δεν είναι έγκυρο.' },
  nulCharacter: {
    en: 'Text must not contain NUL characters.',
    el: 'Το κείμενο δεν επιτρέπεται να περιέχει χαρακτήρες NUL.',
  },
  menuOrderNumber: { en: 'Menu order must be a number', el: 'Η σειρά στο μενού πρέπει να είναι αριθμός' },
  menuOrderWhole: { en: 'Menu order must be a whole number', el: 'Η σειρά στο μενού πρέπει να είναι ακέραιος' },
  menuOrderMin: { en: 'Menu order must be 0 or more', el: 'Η σειρά στο μενού πρέπει να είναι 0 ή μεγαλύτερη' },
  menuOrderMax: { en: 'Menu order must be at most 100000', el: 'Η σειρά στο μενού δέχεται έως 100000' },
  pathOffSite: {
    en: 'Path must be a path of this site, such as /users',
    el: 'Η διαδρομή πρέπει να είναι σελίδα αυτού του ιστότοπου, όπως /users',
  },
  permissionMethod: {
    en: 'Permission method must be one of GET, POST, PUT, DELETE',
    el: 'Η μέθοδος του δικαιώματος πρέπει να είναι GET, POST, PUT ή DELETE',
  },
  searchTooLong: {
    en: 'Search text must be at most 200 characters',
    el: 'Το κείμενο αναζήτησης δέχεται έως 200 χαρακτήρες',
  },
  fileTooLarge: {
    en: 'File size exceeds 1MB limit. Please upload a smaller file.',
    el: 'Το αρχείο ξεπερνά το όριο του 1MB. Ανεβάστε ένα μικρότερο αρχείο.',
  },
  // Requests
  unexpected: { en: 'An unexpected error occurred.', el: 'Παρουσιάστηκε ένα απρόσμενο σφάλμα.' },
  routeNotFound: { en: 'Not Found', el: 'Δεν βρέθηκε' },
  notFound: { en: '{entity} not found.', el: 'Δεν βρέθηκε: {entity}.' },
  malformedJson: {
    en: 'The request body is not valid JSON.',
    el: 'Το σώμα του αιτήματος δεν είναι έγκυρο JSON.',
  },
  bodyNotObject: {
    en: 'The request body must be a JSON object.',
    el: 'Το σώμα του αιτήματος πρέπει να είναι αντικείμενο JSON.',
  },
  bodyTooLarge: { en: 'The request body is too large.', el: 'Το σώμα του αιτήματος είναι πολύ μεγάλο.' },
  bodyTooDeep: {
    en: 'The request body is nested too deeply.',
    el: 'Το σώμα του αιτήματος έχει υπερβολικά βαθιά ένθεση.',
  },
  unsupportedMediaType: { en: 'Unsupported content type.', el: 'Ο τύπος περιεχομένου δεν υποστηρίζεται.' },
  tooManyRequests: {
    en: 'Too many requests. Please try again later.',
    el: 'Πάρα πολλά αιτήματα. Δοκιμάστε ξανά αργότερα.',
  },
  serviceUnavailable: {
    en: 'The service is temporarily unavailable. Please try again shortly.',
    el: 'Η υπηρεσία δεν είναι διαθέσιμη προσωρινά. Δοκιμάστε ξανά σε λίγο.',
  },
  internal: { en: 'Internal Server Error', el: 'Σφάλμα του διακομιστή' },
  // Signing in
  invalidCredentials: { en: 'Invalid email or password.', el: 'Λάθος email ή κωδικός.' },
  awaitingApproval: {
    en: 'Your account is awaiting approval.',
    el: 'Ο λογαριασμός σας περιμένει έγκριση.',
  },
  blocked: { en: 'Your account is blocked.', el: 'Ο λογαριασμός σας έχει αποκλειστεί.' },
  unauthorized: { en: 'Please sign in to continue.', el: 'Συνδεθείτε για να συνεχίσετε.' },
  sessionEnded: {
    en: 'Your session has ended. Please sign in again.',
    el: 'Η σύνδεσή σας έληξε. Συνδεθείτε ξανά.',
  },
  forbidden: { en: 'You do not have permission to do this.', el: 'Δεν έχετε δικαίωμα για αυτή την ενέργεια.' },
  loggedOut: { en: 'Logged out successfully.', el: 'Αποσυνδεθήκατε.' },
  resetSent: {
    en: 'Password reset instructions sent to your email.',
    el: 'Οδηγίες για νέο κωδικό στάλθηκαν στο email σας.',
  },
  resetInvalid: {
    en: 'This password reset link is invalid or has expired.',
    el: 'Ο σύνδεσμος αλλαγής κωδικού δεν είναι έγκυρος ή έχει λήξει.',
  },
  passwordReset: { en: 'Password reset successfully.', el: 'Ο κωδικός άλλαξε.' },
  googleFailed: { en: 'Google login failed.', el: 'Η σύνδεση με Google απέτυχε.' },
  googleUnavailable: {
    en: 'Google sign-in is temporarily unavailable. Please try again shortly.',
    el: 'Η σύνδεση με Google δεν είναι διαθέσιμη προσωρινά. Δοκιμάστε ξανά σε λίγο.',
  },
  googleDisabled: { en: 'Google sign-in is not enabled.', el: 'Η σύνδεση με Google δεν είναι ενεργή.' },
  googleNoAccount: {
    en: 'No account uses this Google address. Ask an administrator for an invite.',
    el: 'Κανένας λογαριασμός δεν χρησιμοποιεί αυτή τη διεύθυνση Google. Ζητήστε πρόσκληση από έναν διαχειριστή.',
  },
  googleOtherAccount: {
    en: 'This address belongs to an account linked to another Google account.',
    el: 'Αυτή η διεύθυνση ανήκει σε λογαριασμό που είναι συνδεδεμένος με άλλον λογαριασμό Google.',
  },
  // Access
  notSelfDelete: {
    en: 'You cannot delete your own account.',
    el: 'Δεν μπορείτε να διαγράψετε τον δικό σας λογαριασμό.',
  },
  notSelfBlock: {
    en: 'You cannot block your own account.',
    el: 'Δεν μπορείτε να αποκλείσετε τον δικό σας λογαριασμό.',
  },
  lastAdmin: {
    en: 'The last administrator cannot be removed, blocked or demoted.',
    el: 'Ο τελευταίος διαχειριστής δεν μπορεί να διαγραφεί, να αποκλειστεί ή να υποβιβαστεί.',
  },
  adminOnly: {
    en: 'Only administrators can manage administrators or grant the admin role.',
    el: 'Μόνο οι διαχειριστές διαχειρίζονται διαχειριστές ή δίνουν τον ρόλο διαχειριστή.',
  },
  beyondOwnGrantsRole: {
    en: 'You can only grant, change or remove permissions that you hold yourself.',
    el: 'Μπορείτε να δίνετε, να αλλάζετε ή να αφαιρείτε μόνο δικαιώματα που έχετε κι εσείς.',
  },
  beyondOwnGrantsAssignment: {
    en: 'You can only give or take away roles whose permissions you hold yourself.',
    el: 'Μπορείτε να δίνετε ή να αφαιρείτε μόνο ρόλους των οποίων τα δικαιώματα έχετε κι εσείς.',
  },
  beyondOwnGrantsUser: {
    en: 'You can only change people whose permissions you hold yourself.',
    el: 'Μπορείτε να αλλάζετε μόνο άτομα των οποίων τα δικαιώματα έχετε κι εσείς.',
  },
  roleTypeFixed: { en: 'A seeded role cannot be deleted.', el: 'Οι αρχικοί ρόλοι δεν διαγράφονται.' },
  roleNameTaken: { en: 'A role with this name already exists.', el: 'Υπάρχει ήδη ρόλος με αυτό το όνομα.' },
  unknownPermission: {
    en: 'Permission list holds an unknown permission.',
    el: 'Η λίστα δικαιωμάτων περιέχει άγνωστο δικαίωμα.',
  },
  unknownClientPermission: {
    en: 'Client permission list holds an unknown client permission.',
    el: 'Η λίστα στοιχείων μενού περιέχει άγνωστο στοιχείο.',
  },
  roleAlreadyHeld: { en: 'This user already has this role.', el: 'Ο χρήστης έχει ήδη αυτόν τον ρόλο.' },
  roleNeedsActiveUser: {
    en: 'Roles can only be given to confirmed users who are not blocked.',
    el: 'Ρόλοι δίνονται μόνο σε επιβεβαιωμένους χρήστες που δεν έχουν αποκλειστεί.',
  },
  permissionTaken: {
    en: 'A permission for this method and route already exists.',
    el: 'Υπάρχει ήδη δικαίωμα για αυτή τη μέθοδο και διαδρομή.',
  },
  emailTaken: { en: 'A user with this email already exists.', el: 'Υπάρχει ήδη χρήστης με αυτό το email.' },
  // Images
  imageType: {
    en: 'Only PNG, JPEG, WebP or GIF images are accepted.',
    el: 'Γίνονται δεκτές μόνο εικόνες PNG, JPEG, WebP ή GIF.',
  },
  imageUnreadable: { en: 'The image could not be read.', el: 'Η εικόνα δεν μπόρεσε να διαβαστεί.' },
  imageTooManyPixels: {
    en: 'The image dimensions are too large.',
    el: 'Οι διαστάσεις της εικόνας είναι πολύ μεγάλες.',
  },
  imageTooManyFrames: { en: 'The image has too many frames.', el: 'Η εικόνα έχει πάρα πολλά καρέ.' },
  imageNotUploaded: { en: 'Image must be an uploaded image', el: 'Η εικόνα πρέπει να είναι εικόνα που ανεβάσατε' },
  uploadType: { en: 'Type must be image', el: 'Ο τύπος πρέπει να είναι image' },
  noFile: { en: 'Please choose a file to upload.', el: 'Επιλέξτε ένα αρχείο για να το ανεβάσετε.' },
  uploaded: {
    en: 'File uploaded successfully! Please update your profile to apply the new image.',
    el: 'Το αρχείο ανέβηκε! Αποθηκεύστε το προφίλ σας για να εφαρμοστεί η νέα εικόνα.',
  },
  // Invites
  inviteInvalid: { en: 'Invite not valid.', el: 'Η πρόσκληση δεν είναι έγκυρη.' },
  inviteExpired: { en: 'This invite has expired.', el: 'Η πρόσκληση έχει λήξει.' },
  inviteUsed: { en: 'This invite has already been used.', el: 'Η πρόσκληση έχει ήδη χρησιμοποιηθεί.' },
  inviteOtherEmail: {
    en: 'This invite is for another email address.',
    el: 'Η πρόσκληση είναι για άλλη διεύθυνση email.',
  },
  inviteHoursMin: { en: 'Expires in (hours) must be at least 1', el: 'Η λήξη (σε ώρες) πρέπει να είναι τουλάχιστον 1' },
  inviteHoursMax: { en: 'Expires in (hours) must be at most 8760', el: 'Η λήξη (σε ώρες) δέχεται έως 8760' },
  inviteHoursWhole: {
    en: 'Expires in (hours) must be a whole number',
    el: 'Η λήξη (σε ώρες) πρέπει να είναι ακέραιος αριθμός',
  },
  inviteNotSubmitted: {
    en: 'This invite has no registration awaiting approval.',
    el: 'Αυτή η πρόσκληση δεν έχει εγγραφή που περιμένει έγκριση.',
  },
  inviteSubmittedDelete: {
    en: 'Approve or reject this registration before deleting the invite.',
    el: 'Εγκρίνετε ή απορρίψτε την εγγραφή πριν διαγράψετε την πρόσκληση.',
  },
  registrationSubmitted: {
    en: 'Registration submitted. Awaiting approval.',
    el: 'Η εγγραφή υποβλήθηκε. Αναμένεται έγκριση.',
  },
  // Translations
  languageCode: {
    en: 'Language must be a code of 2 or 3 letters, such as el or en',
    el: 'Η γλώσσα πρέπει να είναι κωδικός 2 ή 3 γραμμάτων, όπως el ή en',
  },
  translationKeyTooLong: {
    en: 'A translation key must be at most 200 characters',
    el: 'Ένα κλειδί μετάφρασης δέχεται έως 200 χαρακτήρες',
  },
  translationTextType: { en: 'Translation texts must be text', el: 'Τα κείμενα μετάφρασης πρέπει να είναι κείμενο' },
  translationTextTooLong: {
    en: 'A translation text must be at most 10000 characters',
    el: 'Ένα κείμενο μετάφρασης δέχεται έως 10000 χαρακτήρες',
  },
  translationTooManyKeys: {
    en: 'A language can hold at most 5000 texts',
    el: 'Μια γλώσσα δέχεται έως 5000 κείμενα',
  },
  translationsSaved: { en: 'Translations saved successfully', el: 'Οι μεταφράσεις αποθηκεύτηκαν' },
  translationsGenerated: { en: 'Translations generated successfully', el: 'Οι μεταφράσεις δημιουργήθηκαν' },
  // The public site
  contactReceived: { en: 'Thank you. Your message was sent.', el: 'Ευχαριστούμε. Το μήνυμά σας στάλθηκε.' },
  // Notifications
  passwordChangedTitle: { en: 'Your password was changed', el: 'Ο κωδικός σας άλλαξε' },
  passwordChangedBody: {
    en: 'If you did not change it, reset your password now and tell an administrator.',
    el: 'Αν δεν τον αλλάξατε εσείς, ορίστε νέο κωδικό τώρα και ενημερώστε έναν διαχειριστή.',
  },
  registrationAwaitsTitle: { en: 'A registration awaits approval', el: 'Μια εγγραφή περιμένει έγκριση' },
  registrationAwaitsBody: {
    en: '{name} <{email}> registered through an invite.',
    el: '{name} <{email}>: εγγραφή μέσω πρόσκλησης.',
  },
  approvedTitle: { en: 'Your registration was approved', el: 'Η εγγραφή σας εγκρίθηκε' },
  approvedBody: { en: 'Welcome! You can now use your account.', el: 'Καλώς ήρθατε! Ο λογαριασμός σας είναι έτοιμος.' },
  contactMessageTitle: { en: 'New message from the contact page', el: 'Νέο μήνυμα από τη σελίδα επικοινωνίας' },
  contactMessageBody: { en: '{name} <{email}>: {message}', el: '{name} <{email}>: {message}' },
  // Mail
  resetMailSubject: { en: 'Reset your password', el: 'Ορίστε νέο κωδικό' },
} as const;

/** Field and record names that sentences name (`{label}`, `{entity}`), in Greek. */
export const LABEL_TEXTS: Record<string, string> = {
  Email: 'Email',
  Password: 'Κωδικός',
  Name: 'Όνομα',
  Description: 'Περιγραφή',
  Menu: 'Μενού',
  Path: 'Διαδρομή',
  Route: 'Διαδρομή API',
  Phone: 'Τηλέφωνο',
  Address: 'Διεύθυνση',
  Bio: 'Βιογραφικό',
  Message: 'Μήνυμα',
  Token: 'Κωδικός πρόσκλησης',
  Credential: 'Διαπιστευτήριο',
  Language: 'Γλώσσα',
  Permission: 'Δικαιώματα',
  'Client permission': 'Στοιχεία μενού',
  User: 'Χρήστης',
  UserRole: 'Ανάθεση ρόλου',
  Role: 'Ρόλος',
  Invite: 'Πρόσκληση',
  Image: 'Εικόνα',
  Profile: 'Προφίλ',
  Notification: 'Ειδοποίηση',
  Translation: 'Μετάφραση',
};

export type MessageKey = keyof typeof MESSAGE_TEXTS;
export type Language = 'en' | 'el';
