import type { DiagnosticQuestionType, ProductGrade } from '@reprise/shared';
/**
 * The demo catalogue as compact tables: categories, brands with their GS1 prefix, models with their
 * storage (or size) variants and colours, and diagnostic questionnaires. `catalog.ts` expands them.
 */

export interface TopCategory {
  identifier: string;
  label: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  collectsImei: 'always' | 'cellular' | 'never';
  questionnaire: DiagnosticQuestionKey[];
  description: string;
}

export const TOP_CATEGORIES: TopCategory[] = [
  {
    identifier: 'smartphones',
    label: 'Smartphones',
    weight: 200,
    length: 16,
    width: 8,
    height: 1,
    collectsImei: 'always',
    questionnaire: ['screen', 'body', 'battery', 'functions', 'accessories'],
    description: 'Téléphones mobiles tactiles, toutes marques.',
  },
  {
    identifier: 'tablets',
    label: 'Tablettes',
    weight: 480,
    length: 25,
    width: 18,
    height: 1,
    collectsImei: 'cellular',
    questionnaire: ['screen', 'body', 'battery', 'functions', 'accessories'],
    description: 'Tablettes tactiles Wi-Fi et cellulaires.',
  },
  {
    identifier: 'laptops',
    label: 'Ordinateurs portables',
    weight: 1600,
    length: 33,
    width: 23,
    height: 2,
    collectsImei: 'never',
    questionnaire: ['screen', 'keyboard', 'battery', 'functions', 'charger'],
    description: 'Ordinateurs portables et ultraportables.',
  },
  {
    identifier: 'consoles',
    label: 'Consoles de jeux',
    weight: 3200,
    length: 40,
    width: 30,
    height: 10,
    collectsImei: 'never',
    questionnaire: ['body', 'console_functions', 'controllers'],
    description: 'Consoles de salon et portables.',
  },
  {
    identifier: 'watches',
    label: 'Montres connectées',
    weight: 50,
    length: 5,
    width: 5,
    height: 2,
    collectsImei: 'cellular',
    questionnaire: ['screen', 'body', 'battery', 'functions', 'charger'],
    description: 'Montres connectées et montres de sport GPS.',
  },
  {
    identifier: 'audio',
    label: 'Audio',
    weight: 250,
    length: 20,
    width: 17,
    height: 8,
    collectsImei: 'never',
    questionnaire: ['body', 'battery', 'audio_functions', 'accessories'],
    description: 'Casques et écouteurs sans fil.',
  },
];

/** A brand: its name, a GS1 company prefix for the EANs and a short code for the references. */
export const BRANDS = {
  apple: { name: 'Apple', gs1: '0194252', code: 'APL' },
  samsung: { name: 'Samsung', gs1: '8806094', code: 'SAM' },
  google: { name: 'Google', gs1: '0810029', code: 'GOO' },
  xiaomi: { name: 'Xiaomi', gs1: '6934177', code: 'XIA' },
  oneplus: { name: 'OnePlus', gs1: '6921815', code: 'ONE' },
  lenovo: { name: 'Lenovo', gs1: '0196804', code: 'LEN' },
  dell: { name: 'Dell', gs1: '5397184', code: 'DEL' },
  hp: { name: 'HP', gs1: '0195161', code: 'HPI' },
  sony: { name: 'Sony', gs1: '4548736', code: 'SNY' },
  nintendo: { name: 'Nintendo', gs1: '0045496', code: 'NIN' },
  microsoft: { name: 'Microsoft', gs1: '0889842', code: 'MSF' },
  garmin: { name: 'Garmin', gs1: '0753759', code: 'GAR' },
  bose: { name: 'Bose', gs1: '0017817', code: 'BOS' },
} as const;
export type BrandKey = keyof typeof BRANDS;

/** model, functional price of the first variant (euros), variants, colours (none: one product per variant). */
export type ModelRow = [model: string, euros: number, variants: string[], colours?: string[]];

const GB = (...sizes: number[]) => sizes.map((s) => (s >= 1000 ? `${s / 1000} To` : `${s} Go`));

/** Brand sub-categories of each top category, with their models. */
export const MODELS: Record<string, Partial<Record<BrandKey, ModelRow[]>>> = {
  smartphones: {
    apple: [
      ['iPhone 11', 180, GB(64, 128, 256), ['Noir', 'Blanc']],
      ['iPhone 12', 250, GB(64, 128, 256), ['Noir', 'Bleu']],
      ['iPhone 12 mini', 210, GB(64, 128), ['Noir']],
      ['iPhone 12 Pro', 330, GB(128, 256, 512), ['Graphite', 'Argent']],
      ['iPhone 12 Pro Max', 380, GB(128, 256, 512), ['Bleu Pacifique', 'Or']],
      ['iPhone 13', 360, GB(128, 256, 512), ['Minuit', 'Lumière stellaire']],
      ['iPhone 13 mini', 300, GB(128, 256), ['Minuit']],
      ['iPhone 13 Pro', 450, GB(128, 256, 512, 1000), ['Graphite', 'Bleu Alpin']],
      ['iPhone 13 Pro Max', 520, GB(128, 256, 512), ['Vert Alpin', 'Graphite']],
      ['iPhone 14', 450, GB(128, 256, 512), ['Minuit', 'Mauve']],
      ['iPhone 14 Plus', 500, GB(128, 256), ['Minuit', 'Bleu']],
      ['iPhone 14 Pro', 600, GB(128, 256, 512), ['Noir sidéral', 'Violet intense']],
      ['iPhone 14 Pro Max', 680, GB(128, 256, 512, 1000), ['Or']],
      ['iPhone 15', 560, GB(128, 256), ['Noir', 'Rose']],
      ['iPhone 15 Pro', 720, GB(128, 256, 512), ['Titane naturel', 'Titane noir']],
      ['iPhone 15 Pro Max', 820, GB(256, 512, 1000), ['Titane bleu', 'Titane blanc']],
      ['iPhone SE (2020)', 90, GB(64, 128), ['Noir']],
      ['iPhone SE (2022)', 160, GB(64, 128), ['Minuit']],
      ['iPhone XR', 110, GB(64, 128), ['Noir']],
    ],
    samsung: [
      ['Galaxy S20', 150, GB(128), ['Gris cosmique']],
      ['Galaxy S20 FE', 130, GB(128), ['Bleu']],
      ['Galaxy S21', 190, GB(128, 256), ['Phantom Gray', 'Phantom White']],
      ['Galaxy S21+', 220, GB(128, 256), ['Phantom Black']],
      ['Galaxy S21 Ultra', 280, GB(128, 256, 512), ['Phantom Black']],
      ['Galaxy S22', 260, GB(128, 256), ['Noir', 'Vert']],
      ['Galaxy S22 Ultra', 420, GB(128, 256, 512), ['Burgundy']],
      ['Galaxy S23', 390, GB(128, 256), ['Noir', 'Crème']],
      ['Galaxy S23 FE', 280, GB(128), ['Graphite']],
      ['Galaxy S23 Ultra', 620, GB(256, 512), ['Noir']],
      ['Galaxy S24', 520, GB(128, 256), ['Onyx Black', 'Marble Grey']],
      ['Galaxy A52s 5G', 110, GB(128), ['Noir']],
      ['Galaxy A53 5G', 120, GB(128), ['Bleu']],
      ['Galaxy A54 5G', 160, GB(128, 256), ['Graphite']],
      ['Galaxy Z Flip4', 300, GB(128, 256), ['Graphite']],
      ['Galaxy Z Fold4', 520, GB(256, 512), ['Graygreen']],
      ['Galaxy Z Flip5', 430, GB(256), ['Menthe']],
    ],
    google: [
      ['Pixel 6', 150, GB(128), ['Stormy Black']],
      ['Pixel 6 Pro', 210, GB(128, 256), ['Cloudy White']],
      ['Pixel 6a', 110, GB(128), ['Charcoal']],
      ['Pixel 7', 230, GB(128, 256), ['Obsidian', 'Snow']],
      ['Pixel 7 Pro', 330, GB(128, 256), ['Hazel']],
      ['Pixel 7a', 200, GB(128), ['Charcoal', 'Sea']],
      ['Pixel 8', 380, GB(128, 256), ['Obsidian', 'Rose']],
      ['Pixel 8 Pro', 520, GB(128, 256), ['Bay', 'Obsidian']],
    ],
    xiaomi: [
      ['Redmi Note 11', 70, GB(64, 128), ['Gris graphite']],
      ['Redmi Note 12', 90, GB(128), ['Gris onyx', 'Bleu glacier']],
      ['Xiaomi 12', 220, GB(256), ['Gris']],
      ['Xiaomi 13', 320, GB(256), ['Noir', 'Vert']],
      ['Xiaomi 13T', 300, GB(256), ['Noir', 'Bleu alpin']],
      ['Poco F5', 190, GB(256), ['Noir', 'Blanc']],
    ],
    oneplus: [
      ['OnePlus 9', 150, GB(128), ['Arctic Sky']],
      ['OnePlus 10 Pro', 250, GB(128, 256), ['Volcanic Black']],
      ['OnePlus 11', 330, GB(128, 256), ['Titan Black', 'Eternal Green']],
      ['OnePlus Nord 2', 110, GB(128), ['Gray Sierra']],
    ],
  },
  tablets: {
    apple: [
      ['iPad 9e génération', 170, GB(64, 256), ['Wi-Fi', 'Wi-Fi + Cellular']],
      ['iPad 10e génération', 270, GB(64, 256), ['Wi-Fi', 'Wi-Fi + Cellular']],
      ['iPad Air 4', 250, GB(64, 256), ['Wi-Fi']],
      ['iPad Air 5', 340, GB(64, 256), ['Wi-Fi', 'Wi-Fi + Cellular']],
      ['iPad Pro 11" 3e génération', 480, GB(128, 256, 512), ['Wi-Fi']],
      ['iPad Pro 12,9" 5e génération', 620, GB(128, 256), ['Wi-Fi + Cellular']],
      ['iPad mini 6', 300, GB(64, 256), ['Wi-Fi']],
    ],
    samsung: [
      ['Galaxy Tab S7', 230, GB(128), ['Wi-Fi']],
      ['Galaxy Tab S8', 320, GB(128, 256), ['Wi-Fi']],
      ['Galaxy Tab S9', 450, GB(128, 256), ['Wi-Fi']],
      ['Galaxy Tab A8 écran 10,5"', 70, GB(32, 64), ['Wi-Fi']],
    ],
    lenovo: [
      ['Tab P11', 90, GB(64, 128), ['Wi-Fi']],
      ['Tab M10', 50, GB(32, 64), ['Wi-Fi']],
    ],
  },
  laptops: {
    apple: [
      ['MacBook Air 13" M1 8 Go', 420, GB(256, 512)],
      ['MacBook Air 13" M2 8 Go', 620, GB(256, 512)],
      ['MacBook Air 15" M2 8 Go', 720, GB(256, 512)],
      ['MacBook Air 13" M3 8 Go', 800, GB(256, 512)],
      ['MacBook Pro 13" M1 8 Go', 500, GB(256, 512)],
      ['MacBook Pro 13" M2 8 Go', 650, GB(256, 512)],
      ['MacBook Pro 14" M1 Pro 16 Go', 900, GB(512, 1000)],
      ['MacBook Pro 14" M3 8 Go', 1050, GB(512, 1000)],
      ['MacBook Pro 16" M1 Pro 16 Go', 1100, GB(512, 1000)],
    ],
    dell: [
      ['XPS 13 9310 16 Go', 380, GB(256, 512)],
      ['XPS 15 9510 16 Go', 520, GB(512, 1000)],
      ['Latitude 5420 8 Go', 210, GB(256)],
    ],
    lenovo: [
      ['ThinkPad X1 Carbon Gen 9 16 Go', 450, GB(256, 512)],
      ['ThinkPad T14 Gen 2 16 Go', 300, GB(256, 512)],
      ['IdeaPad 5 14 16 Go', 230, GB(512)],
    ],
    hp: [
      ['Spectre x360 14 écran tactile 16 Go', 480, GB(512, 1000)],
      ['EliteBook 840 G8 16 Go', 280, GB(256, 512)],
      ['Pavilion 15 8 Go', 160, GB(512)],
    ],
  },
  consoles: {
    sony: [
      ['PlayStation 4 Slim', 100, GB(500, 1000)],
      ['PlayStation 4 Pro', 150, GB(1000)],
      ['PlayStation 5 Standard', 300, GB(825)],
      ['PlayStation 5 Digital Edition', 250, GB(825)],
      ['PlayStation 5 Slim', 340, GB(1000)],
      ['PlayStation Portal', 130, ['Blanc']],
    ],
    nintendo: [
      ['Switch', 140, GB(32), ['Néon', 'Gris']],
      ['Switch Lite', 100, GB(32), ['Turquoise', 'Corail', 'Jaune']],
      ['Switch Modèle OLED', 200, GB(64), ['Blanc', 'Néon']],
    ],
    microsoft: [
      ['Xbox One S', 80, GB(500, 1000)],
      ['Xbox One X', 110, GB(1000)],
      ['Xbox Series S', 160, GB(512, 1000)],
      ['Xbox Series X', 280, GB(1000)],
    ],
  },
  watches: {
    apple: [
      ['Apple Watch Series 6', 120, ['40 mm', '44 mm'], ['GPS', 'GPS + Cellular']],
      ['Apple Watch Series 7', 160, ['41 mm', '45 mm'], ['GPS', 'GPS + Cellular']],
      ['Apple Watch Series 8', 200, ['41 mm', '45 mm'], ['GPS', 'GPS + Cellular']],
      ['Apple Watch Series 9', 250, ['41 mm', '45 mm'], ['GPS', 'GPS + Cellular']],
      ['Apple Watch SE 2e génération', 130, ['40 mm', '44 mm'], ['GPS']],
      ['Apple Watch Ultra', 420, ['49 mm'], ['GPS + Cellular']],
      ['Apple Watch Ultra 2', 520, ['49 mm'], ['GPS + Cellular']],
    ],
    samsung: [
      ['Galaxy Watch4', 60, ['40 mm', '44 mm']],
      ['Galaxy Watch5', 90, ['40 mm', '44 mm']],
      ['Galaxy Watch5 Pro', 150, ['45 mm']],
      ['Galaxy Watch6', 130, ['40 mm', '44 mm']],
    ],
    garmin: [
      ['Fenix 6 Pro', 180, ['47 mm']],
      ['Fenix 7', 280, ['47 mm']],
      ['Forerunner 245', 70, ['42 mm']],
      ['Forerunner 255', 130, ['46 mm']],
      ['Forerunner 955', 250, ['47 mm']],
      ['Venu 2', 120, ['45 mm']],
      ['Instinct 2', 110, ['45 mm']],
    ],
  },
  audio: {
    apple: [
      ['AirPods 2e génération', 45, ['Boîtier de charge']],
      ['AirPods 3e génération', 70, ['Boîtier MagSafe']],
      ['AirPods Pro', 70, ['Boîtier MagSafe']],
      ['AirPods Pro 2e génération', 120, ['Boîtier USB-C']],
      ['AirPods Max', 250, ['Casque'], ['Gris sidéral', 'Argent']],
    ],
    bose: [
      ['QuietComfort 35 II', 70, ['Casque'], ['Noir']],
      ['QuietComfort 45', 110, ['Casque'], ['Noir', 'Blanc fumé']],
      ['Noise Cancelling Headphones 700', 130, ['Casque'], ['Noir']],
      ['QuietComfort Earbuds', 60, ['Écouteurs'], ['Noir']],
      ['QuietComfort Earbuds II', 110, ['Écouteurs'], ['Noir']],
      ['SoundLink Flex', 50, ['Enceinte'], ['Bleu']],
    ],
    sony: [
      ['WH-1000XM3', 60, ['Casque'], ['Noir']],
      ['WH-1000XM4', 100, ['Casque'], ['Noir', 'Argent']],
      ['WH-1000XM5', 170, ['Casque'], ['Noir']],
      ['WF-1000XM4', 70, ['Écouteurs'], ['Noir']],
      ['WF-1000XM5', 130, ['Écouteurs'], ['Noir']],
    ],
  },
};

/** Weight (g) of each brand sub-category: its products inherit it, and the other dimensions from the top. */
export const BRAND_WEIGHTS: Record<string, number> = {
  'smartphones-apple': 190,
  'smartphones-samsung': 195,
  'laptops-apple': 1350,
  'watches-garmin': 60,
  'consoles-nintendo': 420,
};

/** title, max grade, price impact ('-15%', '-2000' cents, '+500' cents) */
type AnswerRow = [title: string, maxGrade: ProductGrade | null, impact: string | null, description?: string];
export type DiagnosticQuestionKey =
  | 'screen'
  | 'body'
  | 'battery'
  | 'functions'
  | 'accessories'
  | 'keyboard'
  | 'charger'
  | 'console_functions'
  | 'controllers'
  | 'audio_functions';

export const DIAGNOSTIC_QUESTIONS: Record<
  DiagnosticQuestionKey,
  { title: string; type: DiagnosticQuestionType; description: string; answers: AnswerRow[] }
> = {
  screen: {
    title: "État de l'écran",
    type: 'unique',
    description:
      "Allumez l'appareil, affichez une image blanche puis noire et inspectez l'écran sous une lumière vive.",
    answers: [
      ['Parfait, aucune rayure', null, null],
      ['Micro-rayures invisibles écran allumé', 'grade_b', null],
      ['Rayures visibles écran allumé', 'grade_c', '-15%'],
      ['Pixels morts ou taches', 'grade_d', '-30%'],
      ['Écran fissuré ou cassé', 'grade_e', '-60%'],
    ],
  },
  body: {
    title: 'État de la coque',
    type: 'unique',
    description: 'Examinez les bords, le dos et les angles, sans coque ni protection.',
    answers: [
      ['Comme neuf', null, null],
      ["Traces d'usure légères", 'grade_b', null],
      ['Rayures profondes', 'grade_c', '-10%'],
      ['Chocs, bosses ou coque fendue', 'grade_d', '-25%'],
    ],
  },
  battery: {
    title: 'Santé de la batterie',
    type: 'unique',
    description: "Consultez l'état de la batterie dans les réglages, ou lancez le diagnostic du fabricant.",
    answers: [
      ['80 % de capacité ou plus', null, null],
      ['Moins de 80 % de capacité', 'grade_c', '-2000'],
      ['La batterie ne tient pas la charge ou est gonflée', 'grade_e', '-40%'],
    ],
  },
  functions: {
    title: 'Fonctions',
    type: 'multiple',
    description:
      'Testez chaque fonction : appel, photo, son, boutons, biométrie, Wi-Fi et Bluetooth. Cochez tout ce qui est défaillant.',
    answers: [
      ['Tout fonctionne', null, null],
      ['Reconnaissance faciale ou empreinte défaillante', 'grade_e', '-30%'],
      ['Appareil photo défaillant', 'grade_d', '-20%'],
      ['Haut-parleur ou micro défaillant', 'grade_d', '-15%'],
      ['Bouton défaillant', 'grade_c', '-10%'],
    ],
  },
  accessories: {
    title: 'Accessoires fournis',
    type: 'multiple',
    description: 'Cochez ce que le client rapporte avec le produit.',
    answers: [
      ["Boîte d'origine", null, '+500'],
      ['Câble ou boîtier de charge', null, '+300'],
      ['Aucun accessoire', null, null],
    ],
  },
  keyboard: {
    title: 'État du clavier et du trackpad',
    type: 'unique',
    description: 'Tapez chaque touche dans un éditeur de texte et testez le clic et les gestes du trackpad.',
    answers: [
      ['Tout fonctionne, aucune usure', null, null],
      ['Touches lustrées', 'grade_b', null],
      ['Touche ou trackpad défaillant', 'grade_d', '-20%'],
    ],
  },
  charger: {
    title: 'Chargeur',
    type: 'unique',
    description: "Vérifiez que le chargeur d'origine est présent et fonctionne.",
    answers: [
      ["Chargeur d'origine fourni", null, null],
      ['Sans chargeur', null, '-1500'],
    ],
  },
  console_functions: {
    title: 'Fonctions de la console',
    type: 'multiple',
    description: 'Lancez un jeu, testez le lecteur de disque, les ports USB et la sortie HDMI.',
    answers: [
      ['Tout fonctionne', null, null],
      ['Lecteur de disque défaillant', 'grade_d', '-30%'],
      ['Port HDMI ou USB défaillant', 'grade_d', '-25%'],
      ['Surchauffe ou ventilateur bruyant', 'grade_c', '-15%'],
    ],
  },
  controllers: {
    title: 'Manettes et câbles',
    type: 'multiple',
    description: 'Comptez les manettes et vérifiez les câbles.',
    answers: [
      ["Manette d'origine fonctionnelle", null, null],
      ['Sans manette', null, '-3000'],
      ["Câbles d'alimentation et HDMI fournis", null, '+500'],
    ],
  },
  audio_functions: {
    title: 'Son et réduction de bruit',
    type: 'multiple',
    description: 'Écoutez un morceau sur chaque écouteur, puis activez la réduction de bruit.',
    answers: [
      ['Tout fonctionne', null, null],
      ['Un côté ne fonctionne pas', 'grade_e', '-60%'],
      ['Réduction de bruit défaillante', 'grade_d', '-30%'],
      ['Grésillements', 'grade_c', '-15%'],
    ],
  },
};

/** Other Retail's own tiny catalogue (isolation tests): same identifiers as Demo Retail on purpose. */
export const OTHER_RETAIL_CATALOGUE = {
  categories: [
    { identifier: 'smartphones', label: 'Téléphones', parent: null },
    { identifier: 'smartphones-fairphone', label: 'Fairphone', parent: 'smartphones' },
  ],
  products: [
    {
      name: 'Fairphone 4 128 Go Gris',
      brand: 'Fairphone',
      model: 'Fairphone 4',
      ean: '8718819372424',
      euros: 150,
    },
    {
      name: 'Fairphone 5 256 Go Noir mat',
      brand: 'Fairphone',
      model: 'Fairphone 5',
      ean: '8718819372738',
      euros: 260,
    },
    {
      name: 'Fairphone 3+ 64 Go Noir',
      brand: 'Fairphone',
      model: 'Fairphone 3+',
      ean: '8718819372233',
      euros: 60,
    },
  ],
};
