import type { Translations } from '@reprise/shared';
import type { DiagnosticQuestionKey } from './catalog-data';

/**
 * The demo catalogue's texts in the languages other than Demo Retail's (fr-FR): every question and
 * its answers (by position), the top categories and the home page (docs/translations.md).
 */

type Other = 'en-GB' | 'nl-BE' | 'de-DE';
interface DiagnosticQuestionTexts {
  title: string;
  description: string;
  answers: string[];
}

const DIAGNOSTIC_QUESTION_TRANSLATIONS: Record<
  DiagnosticQuestionKey | 'find_my',
  Record<Other, DiagnosticQuestionTexts>
> = {
  screen: {
    'en-GB': {
      title: 'Screen condition',
      description:
        'Switch the device on, show a white then a black image and inspect the screen under a bright light.',
      answers: [
        'Perfect, no scratches',
        'Micro-scratches invisible with the screen on',
        'Scratches visible with the screen on',
        'Dead pixels or stains',
        'Cracked or broken screen',
      ],
    },
    'nl-BE': {
      title: 'Staat van het scherm',
      description:
        'Zet het toestel aan, toon een wit en daarna een zwart beeld en bekijk het scherm onder fel licht.',
      answers: [
        'Perfect, geen krassen',
        'Microkrasjes, onzichtbaar als het scherm aan staat',
        'Krassen zichtbaar als het scherm aan staat',
        'Dode pixels of vlekken',
        'Gebarsten of gebroken scherm',
      ],
    },
    'de-DE': {
      title: 'Zustand des Bildschirms',
      description:
        'Schalten Sie das Gerät ein, zeigen Sie ein weißes und dann ein schwarzes Bild und prüfen Sie den Bildschirm unter hellem Licht.',
      answers: [
        'Perfekt, keine Kratzer',
        'Mikrokratzer, bei eingeschaltetem Bildschirm unsichtbar',
        'Kratzer bei eingeschaltetem Bildschirm sichtbar',
        'Tote Pixel oder Flecken',
        'Gesprungener oder gebrochener Bildschirm',
      ],
    },
  },
  body: {
    'en-GB': {
      title: 'Casing condition',
      description: 'Look at the edges, the back and the corners, without a case or protector.',
      answers: ['Like new', 'Light signs of wear', 'Deep scratches', 'Knocks, dents or a split casing'],
    },
    'nl-BE': {
      title: 'Staat van de behuizing',
      description: 'Bekijk de randen, de achterkant en de hoeken, zonder hoesje of bescherming.',
      answers: [
        'Als nieuw',
        'Lichte gebruikssporen',
        'Diepe krassen',
        'Schokken, deuken of gebarsten behuizing',
      ],
    },
    'de-DE': {
      title: 'Zustand des Gehäuses',
      description: 'Prüfen Sie Kanten, Rückseite und Ecken, ohne Hülle oder Schutz.',
      answers: [
        'Wie neu',
        'Leichte Gebrauchsspuren',
        'Tiefe Kratzer',
        'Stöße, Dellen oder gesprungenes Gehäuse',
      ],
    },
  },
  battery: {
    'en-GB': {
      title: 'Battery health',
      description: "Check the battery health in the settings, or run the manufacturer's diagnostics.",
      answers: [
        '80% capacity or more',
        'Less than 80% capacity',
        'The battery does not hold its charge or is swollen',
      ],
    },
    'nl-BE': {
      title: 'Gezondheid van de batterij',
      description: 'Bekijk de batterijstatus in de instellingen, of start de diagnose van de fabrikant.',
      answers: [
        '80 % capaciteit of meer',
        'Minder dan 80 % capaciteit',
        'De batterij houdt haar lading niet of is opgezwollen',
      ],
    },
    'de-DE': {
      title: 'Zustand des Akkus',
      description:
        'Sehen Sie den Akkuzustand in den Einstellungen nach oder starten Sie die Diagnose des Herstellers.',
      answers: [
        '80 % Kapazität oder mehr',
        'Weniger als 80 % Kapazität',
        'Der Akku hält die Ladung nicht oder ist aufgebläht',
      ],
    },
  },
  functions: {
    'en-GB': {
      title: 'Functions',
      description:
        'Test every function: calls, camera, sound, buttons, biometrics, Wi-Fi and Bluetooth. Tick everything that is faulty.',
      answers: [
        'Everything works',
        'Face or fingerprint recognition faulty',
        'Camera faulty',
        'Speaker or microphone faulty',
        'Button faulty',
      ],
    },
    'nl-BE': {
      title: 'Functies',
      description:
        'Test elke functie: bellen, camera, geluid, knoppen, biometrie, wifi en bluetooth. Vink alles aan wat defect is.',
      answers: [
        'Alles werkt',
        'Gezichts- of vingerafdrukherkenning defect',
        'Camera defect',
        'Luidspreker of microfoon defect',
        'Knop defect',
      ],
    },
    'de-DE': {
      title: 'Funktionen',
      description:
        'Testen Sie jede Funktion: Anrufe, Kamera, Ton, Tasten, Biometrie, WLAN und Bluetooth. Kreuzen Sie alles an, was defekt ist.',
      answers: [
        'Alles funktioniert',
        'Gesichts- oder Fingerabdruckerkennung defekt',
        'Kamera defekt',
        'Lautsprecher oder Mikrofon defekt',
        'Taste defekt',
      ],
    },
  },
  accessories: {
    'en-GB': {
      title: 'Accessories included',
      description: 'Tick what the customer brings back with the product.',
      answers: ['Original box', 'Charging cable or case', 'No accessories'],
    },
    'nl-BE': {
      title: 'Meegeleverde accessoires',
      description: 'Vink aan wat de klant samen met het product terugbrengt.',
      answers: ['Originele doos', 'Laadkabel of oplaadcase', 'Geen accessoires'],
    },
    'de-DE': {
      title: 'Mitgeliefertes Zubehör',
      description: 'Kreuzen Sie an, was der Kunde mit dem Produkt zurückbringt.',
      answers: ['Originalverpackung', 'Ladekabel oder Ladecase', 'Kein Zubehör'],
    },
  },
  keyboard: {
    'en-GB': {
      title: 'Keyboard and trackpad condition',
      description: 'Type every key in a text editor and test the click and the gestures of the trackpad.',
      answers: ['Everything works, no wear', 'Shiny keys', 'Faulty key or trackpad'],
    },
    'nl-BE': {
      title: 'Staat van het toetsenbord en de trackpad',
      description: 'Typ elke toets in een teksteditor en test de klik en de gebaren van de trackpad.',
      answers: ['Alles werkt, geen slijtage', 'Glimmende toetsen', 'Toets of trackpad defect'],
    },
    'de-DE': {
      title: 'Zustand von Tastatur und Trackpad',
      description: 'Tippen Sie jede Taste in einem Texteditor und testen Sie Klick und Gesten des Trackpads.',
      answers: ['Alles funktioniert, keine Abnutzung', 'Glänzende Tasten', 'Taste oder Trackpad defekt'],
    },
  },
  charger: {
    'en-GB': {
      title: 'Charger',
      description: 'Check that the original charger is there and works.',
      answers: ['Original charger included', 'No charger'],
    },
    'nl-BE': {
      title: 'Lader',
      description: 'Controleer of de originele lader aanwezig is en werkt.',
      answers: ['Originele lader meegeleverd', 'Zonder lader'],
    },
    'de-DE': {
      title: 'Ladegerät',
      description: 'Prüfen Sie, ob das Original-Ladegerät vorhanden ist und funktioniert.',
      answers: ['Original-Ladegerät mitgeliefert', 'Ohne Ladegerät'],
    },
  },
  console_functions: {
    'en-GB': {
      title: 'Console functions',
      description: 'Start a game, test the disc drive, the USB ports and the HDMI output.',
      answers: [
        'Everything works',
        'Disc drive faulty',
        'HDMI or USB port faulty',
        'Overheating or noisy fan',
      ],
    },
    'nl-BE': {
      title: 'Functies van de console',
      description: 'Start een spel, test de schijflezer, de USB-poorten en de HDMI-uitgang.',
      answers: [
        'Alles werkt',
        'Schijflezer defect',
        'HDMI- of USB-poort defect',
        'Oververhitting of luide ventilator',
      ],
    },
    'de-DE': {
      title: 'Funktionen der Konsole',
      description: 'Starten Sie ein Spiel, testen Sie das Laufwerk, die USB-Anschlüsse und den HDMI-Ausgang.',
      answers: [
        'Alles funktioniert',
        'Laufwerk defekt',
        'HDMI- oder USB-Anschluss defekt',
        'Überhitzung oder lauter Lüfter',
      ],
    },
  },
  controllers: {
    'en-GB': {
      title: 'Controllers and cables',
      description: 'Count the controllers and check the cables.',
      answers: ['Original controller working', 'No controller', 'Power and HDMI cables included'],
    },
    'nl-BE': {
      title: 'Controllers en kabels',
      description: 'Tel de controllers en controleer de kabels.',
      answers: ['Originele controller werkt', 'Zonder controller', 'Voedings- en HDMI-kabel meegeleverd'],
    },
    'de-DE': {
      title: 'Controller und Kabel',
      description: 'Zählen Sie die Controller und prüfen Sie die Kabel.',
      answers: ['Original-Controller funktioniert', 'Ohne Controller', 'Strom- und HDMI-Kabel mitgeliefert'],
    },
  },
  audio_functions: {
    'en-GB': {
      title: 'Sound and noise cancelling',
      description: 'Play a track on each earbud, then switch noise cancelling on.',
      answers: ['Everything works', 'One side does not work', 'Noise cancelling faulty', 'Crackling'],
    },
    'nl-BE': {
      title: 'Geluid en ruisonderdrukking',
      description: 'Speel een nummer af op elk oortje en zet daarna de ruisonderdrukking aan.',
      answers: ['Alles werkt', 'Eén kant werkt niet', 'Ruisonderdrukking defect', 'Gekraak'],
    },
    'de-DE': {
      title: 'Ton und Geräuschunterdrückung',
      description:
        'Spielen Sie auf jedem Ohrhörer ein Lied ab und schalten Sie dann die Geräuschunterdrückung ein.',
      answers: [
        'Alles funktioniert',
        'Eine Seite funktioniert nicht',
        'Geräuschunterdrückung defekt',
        'Knistern',
      ],
    },
  },
  find_my: {
    'en-GB': {
      title: 'Is Find My iPhone switched off?',
      description: "Settings > [customer's name] > Find My: the customer must sign out of their Apple ID.",
      answers: ['Yes, switched off', 'No, the customer cannot switch it off'],
    },
    'nl-BE': {
      title: 'Is Zoek mijn iPhone uitgeschakeld?',
      description:
        'Instellingen > [naam van de klant] > Zoek mijn: de klant moet zich afmelden bij zijn Apple ID.',
      answers: ['Ja, uitgeschakeld', 'Nee, de klant kan het niet uitschakelen'],
    },
    'de-DE': {
      title: 'Ist „Mein iPhone suchen“ deaktiviert?',
      description:
        'Einstellungen > [Name des Kunden] > „Wo ist?“: Der Kunde muss sich von seiner Apple-ID abmelden.',
      answers: ['Ja, deaktiviert', 'Nein, der Kunde kann es nicht deaktivieren'],
    },
  },
};

const OTHERS: Other[] = ['en-GB', 'nl-BE', 'de-DE'];

/** The stored translations of a question, and of its answer at `position`. */
export function diagnosticQuestionTranslations(
  key: DiagnosticQuestionKey | 'find_my',
): Translations<'title' | 'description'> {
  const texts = DIAGNOSTIC_QUESTION_TRANSLATIONS[key];
  return Object.fromEntries(
    OTHERS.map((l) => [l, { title: texts[l].title, description: texts[l].description }]),
  );
}

export function diagnosticAnswerTranslations(
  key: DiagnosticQuestionKey | 'find_my',
  position: number,
): Translations<'title'> {
  const texts = DIAGNOSTIC_QUESTION_TRANSLATIONS[key];
  return Object.fromEntries(
    OTHERS.flatMap((l) => {
      const title = texts[l].answers[position];
      return title ? [[l, { title }]] : [];
    }),
  );
}

/** A few top categories, named and described in every language. */
export const CATEGORY_TRANSLATIONS: Record<string, Translations<'label' | 'description'>> = {
  smartphones: {
    'en-GB': { label: 'Smartphones', description: 'Touchscreen mobile phones, all brands.' },
    'nl-BE': { label: 'Smartphones', description: 'Mobiele telefoons met aanraakscherm, alle merken.' },
    'de-DE': { label: 'Smartphones', description: 'Mobiltelefone mit Touchscreen, alle Marken.' },
  },
  tablets: {
    'en-GB': { label: 'Tablets', description: 'Wi-Fi and cellular touchscreen tablets.' },
    'nl-BE': { label: 'Tablets', description: 'Tablets met aanraakscherm, wifi en mobiel.' },
    'de-DE': { label: 'Tablets', description: 'Tablets mit Touchscreen, WLAN und Mobilfunk.' },
  },
  laptops: {
    'en-GB': { label: 'Laptops', description: 'Laptops and ultrabooks.' },
    'nl-BE': { label: 'Laptops', description: 'Laptops en ultrabooks.' },
    'de-DE': { label: 'Laptops', description: 'Laptops und Ultrabooks.' },
  },
  consoles: {
    'en-GB': { label: 'Game consoles', description: 'Home and handheld consoles.' },
    'nl-BE': { label: 'Spelconsoles', description: 'Thuis- en draagbare consoles.' },
    'de-DE': { label: 'Spielkonsolen', description: 'Heim- und Handheld-Konsolen.' },
  },
  watches: {
    'en-GB': { label: 'Smartwatches', description: 'Smartwatches and GPS sports watches.' },
    'nl-BE': { label: 'Smartwatches', description: 'Smartwatches en gps-sporthorloges.' },
    'de-DE': { label: 'Smartwatches', description: 'Smartwatches und GPS-Sportuhren.' },
  },
  audio: {
    'en-GB': { label: 'Audio', description: 'Wireless headphones and earbuds.' },
    'nl-BE': { label: 'Audio', description: 'Draadloze koptelefoons en oortjes.' },
    'de-DE': { label: 'Audio', description: 'Kabellose Kopfhörer und Ohrhörer.' },
  },
};

/** The demo home page's texts. */
export const HOME_TRANSLATIONS: Translations<'metaTitle' | 'metaDescription' | 'bannerTitle'> = {
  'en-GB': {
    metaTitle: 'Demo Retail – Sell your devices',
    metaDescription:
      'Get an online buyback price for your smartphone, tablet or computer and sell it to Demo Retail.',
    bannerTitle: 'Sell your devices',
  },
  'nl-BE': {
    metaTitle: 'Demo Retail – Verkoop uw toestellen',
    metaDescription:
      'Laat online de overnameprijs van uw smartphone, tablet of computer schatten en verkoop hem aan Demo Retail.',
    bannerTitle: 'Verkoop uw toestellen',
  },
  'de-DE': {
    metaTitle: 'Demo Retail – Verkaufen Sie Ihre Geräte',
    metaDescription:
      'Lassen Sie den Ankaufspreis Ihres Smartphones, Tablets oder Computers online schätzen und verkaufen Sie es an Demo Retail.',
    bannerTitle: 'Verkaufen Sie Ihre Geräte',
  },
};

const howItWorks = (title: string, steps: string[], question: string) =>
  `<section><h2>${title}</h2><ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol><p>${question}</p></section>`;

/** The demo home page's custom HTML block. */
export const HOME_HTML_TRANSLATIONS: Translations<'html'> = {
  'en-GB': {
    html: howItWorks(
      'How does it work?',
      [
        'Get a price for your device with a few questions.',
        'Drop it in store or send it free of charge.',
        'Receive your payment or a voucher.',
      ],
      'A question? <a href="/faq">Read the FAQ</a> or <a href="/stores">find a store</a>.',
    ),
  },
  'nl-BE': {
    html: howItWorks(
      'Hoe werkt het?',
      [
        'Laat uw toestel schatten met een paar vragen.',
        'Breng het naar de winkel of verstuur het gratis.',
        'Ontvang uw betaling of een waardebon.',
      ],
      'Een vraag? <a href="/faq">Lees de FAQ</a> of <a href="/stores">vind een winkel</a>.',
    ),
  },
  'de-DE': {
    html: howItWorks(
      'Wie funktioniert es?',
      [
        'Lassen Sie Ihr Gerät mit wenigen Fragen bewerten.',
        'Geben Sie es im Geschäft ab oder senden Sie es kostenlos ein.',
        'Erhalten Sie Ihre Zahlung oder einen Gutschein.',
      ],
      'Eine Frage? <a href="/faq">Lesen Sie die FAQ</a> oder <a href="/stores">finden Sie ein Geschäft</a>.',
    ),
  },
};
