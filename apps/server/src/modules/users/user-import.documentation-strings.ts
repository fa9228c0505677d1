import type { Locale, ModuleType, OrganizationType, UserType } from '@reprise/shared';

/** The texts of the batch user import's documentation (user-import.documentation.ts), in the four languages. */

export interface DocumentationStrings {
  title: string;
  intro: string;
  steps: string[];
  formatHeading: string;
  format: (maxLines: number, maxMegabytes: number) => string[];
  columnsHeading: string;
  table: {
    column: string;
    required: string;
    meaning: string;
    module: string;
    value: string;
    role: string;
    entityType: string;
  };
  yes: string;
  no: string;
  columns: Record<'email' | 'firstname' | 'lastname' | 'locale' | 'force_sso', string>;
  userTypeColumn: (module: string) => string;
  parentEntityColumn: (module: string) => string;
  rolesHeading: string;
  rolesIntro: string;
  parentHeading: string;
  parentText: string;
  rulesHeading: string;
  rules: string[];
  dryRunHeading: string;
  dryRunText: string;
  errorsHeading: string;
  errorsText: string;
  modules: Record<ModuleType, string>;
  userTypes: Record<Exclude<UserType, 'pseudo_anonymous'>, string>;
  organizationTypes: Record<OrganizationType, string>;
}

const fr: DocumentationStrings = {
  title: 'Import de lots d’utilisateurs',
  intro:
    'L’import crée en une fois les utilisateurs décrits dans un fichier CSV. Il se fait en trois étapes sur la page Utilisateurs › Importer :',
  steps: [
    '1. Téléchargez le modèle CSV, remplissez une ligne par utilisateur et choisissez le fichier.',
    '2. La simulation vérifie chaque ligne et affiche son résultat, sans rien enregistrer.',
    '3. L’import crée les utilisateurs des lignes valides ; chacun reçoit un e-mail pour choisir son mot de passe.',
  ],
  formatHeading: 'Le fichier',
  format: (maxLines, maxMegabytes) => [
    'Un fichier texte CSV, encodé en UTF-8 (« CSV UTF-8 » dans un tableur) ; l’encodage Windows-1252 est aussi lu.',
    'Les cellules sont séparées par des points-virgules (;) ou des virgules (,), comme dans la première ligne.',
    'La première ligne est l’en-tête : les noms des colonnes ci-dessous, dans n’importe quel ordre. Les colonnes email, firstname et lastname sont obligatoires ; une colonne inconnue fait refuser le fichier.',
    'Ensuite, une ligne par utilisateur. Les lignes vides sont ignorées. Les numéros de ligne affichés comptent l’en-tête comme ligne 1.',
    `Au plus ${maxLines.toLocaleString('fr-FR')} utilisateurs et ${maxMegabytes} Mo par fichier.`,
  ],
  columnsHeading: 'Les colonnes',
  table: {
    column: 'Colonne',
    required: 'Obligatoire',
    meaning: 'Contenu',
    module: 'Module (colonne)',
    value: 'Valeur à écrire',
    role: 'Rôle',
    entityType: 'Type d’entité de rattachement',
  },
  yes: 'oui',
  no: 'non',
  columns: {
    email:
      'L’e-mail de l’utilisateur, son identifiant de connexion. Unique sur toute la plateforme, et une seule fois dans le fichier.',
    firstname: 'Le prénom, de 2 à 255 caractères.',
    lastname: 'Le nom, de 2 à 255 caractères.',
    locale: 'La langue de l’utilisateur : fr-FR, en-GB, nl-BE ou de-DE. Vide : la langue du compte.',
    force_sso:
      'yes pour imposer la connexion par authentification unique (SSO), no ou vide sinon. Demande la permission de modifier ce champ. Un utilisateur SSO ne reçoit pas d’e-mail de mot de passe.',
  },
  userTypeColumn: (module) =>
    `Le rôle de l’utilisateur dans le module ${module} (voir le tableau des rôles). Vide : l’utilisateur n’a pas ce module.`,
  parentEntityColumn: (module) =>
    `L’entité de rattachement de l’utilisateur dans le module ${module} (voir « L’entité de rattachement »). Obligatoire avec un rôle.`,
  rolesHeading: 'Modules et rôles',
  rolesIntro:
    'Un utilisateur a au moins un module ; pour chacun, remplissez la colonne du rôle et celle de l’entité de rattachement. Écrivez le rôle avec la valeur de la deuxième colonne. L’entité de rattachement doit être du type indiqué.',
  parentHeading: 'L’entité de rattachement',
  parentText:
    'Nommez l’entité par son identifiant externe, tel que la colonne « Identifiant externe » de la liste des entités l’affiche (par exemple DR-PAR-01), ou par son id, la fin de l’adresse de sa page (/entity/<id>). L’identifiant externe est unique dans un compte : si plusieurs entités que vous voyez le portent, utilisez l’id. Seules les entités que vous voyez sont trouvées.',
  rulesHeading: 'Les règles vérifiées',
  rules: [
    'Chaque ligne est vérifiée comme le formulaire de création d’un utilisateur.',
    'Vous ne pouvez attribuer que les rôles de votre rang et en dessous, dans les entités que vous voyez.',
    'Tous les modules d’un utilisateur sont dans un même compte (sauf le module Entrepôt et atelier).',
    'Un e-mail déjà utilisé, ou déjà présent plus haut dans le fichier, est refusé.',
    'Les utilisateurs créés sont actifs et reçoivent une invitation par e-mail.',
  ],
  dryRunHeading: 'La simulation',
  dryRunText:
    'La simulation affiche pour chaque ligne « sera créé » ou ses erreurs, sans rien enregistrer. Corrigez le fichier et recommencez, ou lancez l’import : seules les lignes valides sont créées, en une fois ; les autres sont rapportées avec leurs erreurs. Un fichier sans ligne valide ne crée rien.',
  errorsHeading: 'Fichier refusé',
  errorsText:
    'Un fichier illisible, sans utilisateur, trop grand, avec plus de lignes que permis ou un en-tête incorrect est refusé en entier, avec la raison ; rien n’est vérifié ni créé.',
  modules: { root: 'Organisation', tim: 'Enseigne', lcm: 'Acheteur', rps: 'Entrepôt et atelier' },
  userTypes: {
    admin: 'Administrateur plateforme',
    super_admin: 'Super administrateur',
    root_management_unit_manager: 'Administrateur',
    root_management_unit_analyst: 'Analyste siège',
    management_unit_manager: 'Responsable régional',
    management_unit_analyst: 'Analyste régional',
    store_manager: 'Responsable de magasin',
    store_seller: 'Vendeur',
    warehouse_manager: "Responsable d'entrepôt",
    warehouse_operator: "Opérateur d'entrepôt",
    buyer_manager: 'Responsable acheteur',
  },
  organizationTypes: {
    root_management_unit: 'siège',
    management_unit: 'unité de gestion',
    store: 'magasin',
    buyer: 'acheteur',
    warehouse: 'entrepôt',
  },
};

const en: DocumentationStrings = {
  title: 'Batch user import',
  intro:
    'The import creates at once the users described in a CSV file. It takes three steps on the Users › Import page:',
  steps: [
    '1. Download the CSV template, fill in one line per user and choose the file.',
    '2. The dry run checks every line and shows its result, without saving anything.',
    '3. The import creates the users of the valid lines; each receives an e-mail to choose a password.',
  ],
  formatHeading: 'The file',
  format: (maxLines, maxMegabytes) => [
    'A CSV text file, encoded in UTF-8 ("CSV UTF-8" in a spreadsheet); Windows-1252 is read too.',
    'Cells are separated by semicolons (;) or commas (,), as in the first line.',
    'The first line is the header: the names of the columns below, in any order. The columns email, firstname and lastname are required; an unknown column makes the file refused.',
    'Then one line per user. Empty lines are skipped. The line numbers shown count the header as line 1.',
    `At most ${maxLines.toLocaleString('en-GB')} users and ${maxMegabytes} MB per file.`,
  ],
  columnsHeading: 'The columns',
  table: {
    column: 'Column',
    required: 'Required',
    meaning: 'Content',
    module: 'Module (column)',
    value: 'Value to write',
    role: 'Role',
    entityType: 'Parent entity type',
  },
  yes: 'yes',
  no: 'no',
  columns: {
    email: "The user's e-mail, used to sign in. Unique on the whole platform, and once only in the file.",
    firstname: 'The first name, 2 to 255 characters.',
    lastname: 'The last name, 2 to 255 characters.',
    locale: "The user's language: fr-FR, en-GB, nl-BE or de-DE. Empty: the account's language.",
    force_sso:
      'yes to require signing in with single sign-on (SSO), no or empty otherwise. Needs the permission to change this field. An SSO user gets no password e-mail.',
  },
  userTypeColumn: (module) =>
    `The user's role in the ${module} module (see the table of roles). Empty: the user does not hold this module.`,
  parentEntityColumn: (module) =>
    `The user's parent entity in the ${module} module (see "The parent entity"). Required with a role.`,
  rolesHeading: 'Modules and roles',
  rolesIntro:
    'A user holds at least one module; for each, fill in its role column and its parent entity column. Write the role as the second column shows it. The parent entity must be of the type shown.',
  parentHeading: 'The parent entity',
  parentText:
    'Name the entity by its external ID, as the "External ID" column of the entity list shows it (for example DR-PAR-01), or by its id, the end of its page address (/entity/<id>). An external ID is unique within one account: when several entities you see have it, use the id. Only the entities you see are found.',
  rulesHeading: 'The rules checked',
  rules: [
    'Every line is checked as the form that creates a user checks it.',
    'You may grant only the roles of your rank and below, at the entities you see.',
    'All modules of a user sit in one account (the Warehouse and workshop module excepted).',
    'An e-mail already used, or already on an earlier line of the file, is refused.',
    'The users created are active and receive an invitation by e-mail.',
  ],
  dryRunHeading: 'The dry run',
  dryRunText:
    'The dry run shows for each line "will be created" or its errors, without saving anything. Correct the file and start again, or run the import: only the valid lines are created, all at once; the others are reported with their errors. A file with no valid line creates nothing.',
  errorsHeading: 'File refused',
  errorsText:
    'A file that cannot be read, holds no user, is too large, has more lines than allowed or a wrong header is refused as a whole, with the reason; nothing is checked or created.',
  modules: { root: 'Organisation', tim: 'Retail brand', lcm: 'Buyer', rps: 'Warehouse and workshop' },
  userTypes: {
    admin: 'Platform administrator',
    super_admin: 'Super administrator',
    root_management_unit_manager: 'Administrator',
    root_management_unit_analyst: 'Head office analyst',
    management_unit_manager: 'Regional manager',
    management_unit_analyst: 'Regional analyst',
    store_manager: 'Store manager',
    store_seller: 'Sales assistant',
    warehouse_manager: 'Warehouse manager',
    warehouse_operator: 'Warehouse operator',
    buyer_manager: 'Buyer manager',
  },
  organizationTypes: {
    root_management_unit: 'head office',
    management_unit: 'management unit',
    store: 'store',
    buyer: 'buyer',
    warehouse: 'warehouse',
  },
};

const nl: DocumentationStrings = {
  title: 'Gebruikers in bulk importeren',
  intro:
    'De import maakt in één keer de gebruikers aan die in een CSV-bestand staan. Dat gaat in drie stappen op de pagina Gebruikers › Importeren:',
  steps: [
    '1. Download het CSV-sjabloon, vul één regel per gebruiker in en kies het bestand.',
    '2. De proefrun controleert elke regel en toont het resultaat, zonder iets op te slaan.',
    '3. De import maakt de gebruikers van de geldige regels aan; elk krijgt een e-mail om een wachtwoord te kiezen.',
  ],
  formatHeading: 'Het bestand',
  format: (maxLines, maxMegabytes) => [
    'Een CSV-tekstbestand in UTF-8 ("CSV UTF-8" in een rekenblad); Windows-1252 wordt ook gelezen.',
    'De cellen worden gescheiden door puntkomma’s (;) of komma’s (,), zoals in de eerste regel.',
    'De eerste regel is de koptekst: de namen van de kolommen hieronder, in willekeurige volgorde. De kolommen email, firstname en lastname zijn verplicht; een onbekende kolom laat het bestand weigeren.',
    'Daarna één regel per gebruiker. Lege regels worden overgeslagen. De getoonde regelnummers tellen de koptekst als regel 1.',
    `Hoogstens ${maxLines.toLocaleString('nl-BE')} gebruikers en ${maxMegabytes} MB per bestand.`,
  ],
  columnsHeading: 'De kolommen',
  table: {
    column: 'Kolom',
    required: 'Verplicht',
    meaning: 'Inhoud',
    module: 'Module (kolom)',
    value: 'Te schrijven waarde',
    role: 'Rol',
    entityType: 'Type bovenliggende entiteit',
  },
  yes: 'ja',
  no: 'nee',
  columns: {
    email:
      'Het e-mailadres van de gebruiker, waarmee die aanmeldt. Uniek op het hele platform, en maar één keer in het bestand.',
    firstname: 'De voornaam, 2 tot 255 tekens.',
    lastname: 'De achternaam, 2 tot 255 tekens.',
    locale: 'De taal van de gebruiker: fr-FR, en-GB, nl-BE of de-DE. Leeg: de taal van het account.',
    force_sso:
      'yes om aanmelden via single sign-on (SSO) te verplichten, anders no of leeg. Vereist de toestemming om dit veld te wijzigen. Een SSO-gebruiker krijgt geen wachtwoordmail.',
  },
  userTypeColumn: (module) =>
    `De rol van de gebruiker in de module ${module} (zie de tabel van de rollen). Leeg: de gebruiker heeft deze module niet.`,
  parentEntityColumn: (module) =>
    `De bovenliggende entiteit van de gebruiker in de module ${module} (zie "De bovenliggende entiteit"). Verplicht bij een rol.`,
  rolesHeading: 'Modules en rollen',
  rolesIntro:
    'Een gebruiker heeft minstens één module; vul voor elke module de kolom van de rol en die van de bovenliggende entiteit in. Schrijf de rol zoals de tweede kolom hem toont. De bovenliggende entiteit moet van het getoonde type zijn.',
  parentHeading: 'De bovenliggende entiteit',
  parentText:
    'Noem de entiteit bij haar externe ID, zoals de kolom "Externe ID" van de lijst van entiteiten die toont (bijvoorbeeld DR-PAR-01), of bij haar id, het einde van het adres van haar pagina (/entity/<id>). Een externe ID is uniek binnen één account: als meerdere entiteiten die u ziet hem hebben, gebruik dan de id. Alleen de entiteiten die u ziet, worden gevonden.',
  rulesHeading: 'De gecontroleerde regels',
  rules: [
    'Elke regel wordt gecontroleerd zoals het formulier om een gebruiker aan te maken dat doet.',
    'U kunt alleen de rollen van uw niveau en lager toekennen, bij de entiteiten die u ziet.',
    'Alle modules van een gebruiker horen bij één account (behalve de module Magazijn en werkplaats).',
    'Een e-mailadres dat al gebruikt wordt of al op een vorige regel van het bestand staat, wordt geweigerd.',
    'De aangemaakte gebruikers zijn actief en krijgen een uitnodiging per e-mail.',
  ],
  dryRunHeading: 'De proefrun',
  dryRunText:
    'De proefrun toont voor elke regel "wordt aangemaakt" of de fouten, zonder iets op te slaan. Verbeter het bestand en begin opnieuw, of start de import: alleen de geldige regels worden aangemaakt, in één keer; de andere worden met hun fouten gemeld. Een bestand zonder geldige regel maakt niets aan.',
  errorsHeading: 'Bestand geweigerd',
  errorsText:
    'Een bestand dat niet leesbaar is, geen gebruiker bevat, te groot is, meer regels dan toegestaan of een verkeerde koptekst heeft, wordt in zijn geheel geweigerd, met de reden; er wordt niets gecontroleerd of aangemaakt.',
  modules: { root: 'Organisatie', tim: 'Winkelketen', lcm: 'Koper', rps: 'Magazijn en werkplaats' },
  userTypes: {
    admin: 'Platformbeheerder',
    super_admin: 'Superbeheerder',
    root_management_unit_manager: 'Beheerder',
    root_management_unit_analyst: 'Analist hoofdkantoor',
    management_unit_manager: 'Regiomanager',
    management_unit_analyst: 'Regioanalist',
    store_manager: 'Winkelmanager',
    store_seller: 'Verkoper',
    warehouse_manager: 'Magazijnverantwoordelijke',
    warehouse_operator: 'Magazijnmedewerker',
    buyer_manager: 'Inkoopverantwoordelijke',
  },
  organizationTypes: {
    root_management_unit: 'hoofdkantoor',
    management_unit: 'beheereenheid',
    store: 'winkel',
    buyer: 'koper',
    warehouse: 'magazijn',
  },
};

const de: DocumentationStrings = {
  title: 'Sammelimport von Benutzern',
  intro:
    'Der Import legt die in einer CSV-Datei beschriebenen Benutzer auf einmal an. Er erfolgt in drei Schritten auf der Seite Benutzer › Importieren:',
  steps: [
    '1. Laden Sie die CSV-Vorlage herunter, füllen Sie eine Zeile pro Benutzer aus und wählen Sie die Datei.',
    '2. Der Probelauf prüft jede Zeile und zeigt ihr Ergebnis, ohne etwas zu speichern.',
    '3. Der Import legt die Benutzer der gültigen Zeilen an; jeder erhält eine E-Mail, um ein Passwort zu wählen.',
  ],
  formatHeading: 'Die Datei',
  format: (maxLines, maxMegabytes) => [
    'Eine CSV-Textdatei in UTF-8 („CSV UTF-8“ in einer Tabellenkalkulation); Windows-1252 wird ebenfalls gelesen.',
    'Die Zellen sind durch Semikolons (;) oder Kommas (,) getrennt, wie in der ersten Zeile.',
    'Die erste Zeile ist die Kopfzeile: die Namen der Spalten unten, in beliebiger Reihenfolge. Die Spalten email, firstname und lastname sind Pflicht; eine unbekannte Spalte führt zur Ablehnung der Datei.',
    'Danach eine Zeile pro Benutzer. Leere Zeilen werden übersprungen. Die angezeigten Zeilennummern zählen die Kopfzeile als Zeile 1.',
    `Höchstens ${maxLines.toLocaleString('de-DE')} Benutzer und ${maxMegabytes} MB pro Datei.`,
  ],
  columnsHeading: 'Die Spalten',
  table: {
    column: 'Spalte',
    required: 'Pflicht',
    meaning: 'Inhalt',
    module: 'Modul (Spalte)',
    value: 'Zu schreibender Wert',
    role: 'Rolle',
    entityType: 'Typ der übergeordneten Einheit',
  },
  yes: 'ja',
  no: 'nein',
  columns: {
    email:
      'Die E-Mail-Adresse des Benutzers, mit der er sich anmeldet. Eindeutig auf der ganzen Plattform und nur einmal in der Datei.',
    firstname: 'Der Vorname, 2 bis 255 Zeichen.',
    lastname: 'Der Nachname, 2 bis 255 Zeichen.',
    locale: 'Die Sprache des Benutzers: fr-FR, en-GB, nl-BE oder de-DE. Leer: die Sprache des Kontos.',
    force_sso:
      'yes, um die Anmeldung per Single Sign-on (SSO) vorzuschreiben, sonst no oder leer. Erfordert die Berechtigung, dieses Feld zu ändern. Ein SSO-Benutzer erhält keine Passwort-E-Mail.',
  },
  userTypeColumn: (module) =>
    `Die Rolle des Benutzers im Modul ${module} (siehe die Tabelle der Rollen). Leer: der Benutzer hat dieses Modul nicht.`,
  parentEntityColumn: (module) =>
    `Die übergeordnete Einheit des Benutzers im Modul ${module} (siehe „Die übergeordnete Einheit“). Pflicht zusammen mit einer Rolle.`,
  rolesHeading: 'Module und Rollen',
  rolesIntro:
    'Ein Benutzer hat mindestens ein Modul; füllen Sie für jedes die Spalte der Rolle und die der übergeordneten Einheit aus. Schreiben Sie die Rolle so, wie die zweite Spalte sie zeigt. Die übergeordnete Einheit muss vom angegebenen Typ sein.',
  parentHeading: 'Die übergeordnete Einheit',
  parentText:
    'Nennen Sie die Einheit mit ihrer externen ID, wie die Spalte „Externe ID“ der Einheitenliste sie zeigt (zum Beispiel DR-PAR-01), oder mit ihrer id, dem Ende der Adresse ihrer Seite (/entity/<id>). Eine externe ID ist nur innerhalb eines Kontos eindeutig: Tragen mehrere Einheiten, die Sie sehen, dieselbe, verwenden Sie die id. Nur die Einheiten, die Sie sehen, werden gefunden.',
  rulesHeading: 'Die geprüften Regeln',
  rules: [
    'Jede Zeile wird so geprüft wie im Formular, das einen Benutzer anlegt.',
    'Sie können nur die Rollen Ihres Rangs und darunter vergeben, bei den Einheiten, die Sie sehen.',
    'Alle Module eines Benutzers gehören zu einem Konto (außer dem Modul Lager und Werkstatt).',
    'Eine bereits verwendete oder schon in einer früheren Zeile der Datei stehende E-Mail-Adresse wird abgelehnt.',
    'Die angelegten Benutzer sind aktiv und erhalten eine Einladung per E-Mail.',
  ],
  dryRunHeading: 'Der Probelauf',
  dryRunText:
    'Der Probelauf zeigt für jede Zeile „wird angelegt“ oder ihre Fehler, ohne etwas zu speichern. Korrigieren Sie die Datei und beginnen Sie neu, oder starten Sie den Import: Nur die gültigen Zeilen werden angelegt, alle auf einmal; die anderen werden mit ihren Fehlern gemeldet. Eine Datei ohne gültige Zeile legt nichts an.',
  errorsHeading: 'Datei abgelehnt',
  errorsText:
    'Eine Datei, die nicht lesbar ist, keinen Benutzer enthält, zu groß ist, mehr Zeilen als erlaubt oder eine falsche Kopfzeile hat, wird als Ganzes abgelehnt, mit dem Grund; nichts wird geprüft oder angelegt.',
  modules: { root: 'Organisation', tim: 'Handelsmarke', lcm: 'Käufer', rps: 'Lager und Werkstatt' },
  userTypes: {
    admin: 'Plattform-Administrator',
    super_admin: 'Super-Administrator',
    root_management_unit_manager: 'Administrator',
    root_management_unit_analyst: 'Analyst Zentrale',
    management_unit_manager: 'Regionalleiter',
    management_unit_analyst: 'Regionalanalyst',
    store_manager: 'Filialleiter',
    store_seller: 'Verkäufer',
    warehouse_manager: 'Lagerleiter',
    warehouse_operator: 'Lagermitarbeiter',
    buyer_manager: 'Einkaufsleiter',
  },
  organizationTypes: {
    root_management_unit: 'Zentrale',
    management_unit: 'Verwaltungseinheit',
    store: 'Filiale',
    buyer: 'Käufer',
    warehouse: 'Lager',
  },
};

export const USER_IMPORT_DOCUMENTATION_STRINGS: Record<Locale, DocumentationStrings> = {
  'fr-FR': fr,
  'en-GB': en,
  'nl-BE': nl,
  'de-DE': de,
};
