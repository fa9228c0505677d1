export * from './customer';
export * from './ean13';
export * from './iban';
export * from './imei';
export * from './phone';
export * from './postcode';
