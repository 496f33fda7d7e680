/**
 * The demo distributor's names: its products, its customers' trade names and towns. Made up (brands are Texan and
 * real to look plausible; nothing here is anyone's data).
 */

export type DemoProductType = 'LIQUOR' | 'WINE' | 'BEER' | 'N/A';

/** [name, size, list price in dollars, supplier] */
export type DemoProductRow = readonly [string, string, number, string];

const RNDC = 'Republic National';
const SGWS = "Southern Glazer's";
const SILVER = 'Silver Eagle';
const KEITH = 'Ben E. Keith';
const WINERY = 'Hill Country Wineries';

export const DEMO_SUPPLIERS = [RNDC, SGWS, SILVER, KEITH, WINERY] as const;

const liquorBrands: readonly (readonly [string, number, string])[] = [
  ["Tito's Handmade Vodka", 19.99, RNDC],
  ['Deep Eddy Vodka', 17.49, SGWS],
  ['Deep Eddy Ruby Red Vodka', 18.49, SGWS],
  ['Dripping Springs Vodka', 21.99, RNDC],
  ['Still Austin The Musician Bourbon', 39.99, RNDC],
  ['Garrison Brothers Small Batch Bourbon', 79.99, SGWS],
  ['Balcones Texas Pot Still Bourbon', 44.99, RNDC],
  ['Balcones Baby Blue Corn Whisky', 39.99, RNDC],
  ['TX Blended Whiskey', 34.99, SGWS],
  ['Ranger Creek .36 Texas Bourbon', 42.99, RNDC],
  ['Treaty Oak Ghost Hill Bourbon', 47.99, SGWS],
  ['Andalusia Stryker Single Malt', 64.99, RNDC],
  ['Dulce Vida Blanco Tequila', 34.99, RNDC],
  ['Dulce Vida Reposado Tequila', 39.99, RNDC],
  ['Republic Tequila Plata', 36.99, SGWS],
  ['Maestro Dobel Diamante', 49.99, SGWS],
  ['Desert Door Texas Sotol', 37.99, RNDC],
  ['Waterloo No. 9 Gin', 29.99, SGWS],
  ['Revolution Spirits Austin Reserve Gin', 32.99, RNDC],
  ['Railean Texas Rum', 24.99, SGWS],
  ['Kiepersol Texas Rum', 29.99, RNDC],
  ['Bayou Spiced Rum', 19.99, SGWS],
  ['Paula’s Texas Orange Liqueur', 27.99, RNDC],
  ['Crown Royal Canadian Whisky', 29.99, SGWS],
  ["Jack Daniel's Old No. 7", 27.99, RNDC],
  ['Jameson Irish Whiskey', 29.99, SGWS],
  ["Maker's Mark Bourbon", 31.99, RNDC],
  ['Bacardi Superior Rum', 16.99, SGWS],
  ['Patrón Silver Tequila', 44.99, RNDC],
  ['Hennessy V.S Cognac', 39.99, SGWS],
];

const wines: readonly (readonly [string, number, string])[] = [
  ['Becker Vineyards Cabernet Sauvignon', 24.99, WINERY],
  ['Becker Vineyards Viognier', 19.99, WINERY],
  ['Messina Hof Riesling', 15.99, WINERY],
  ['Messina Hof Papa Paulo Port', 29.99, WINERY],
  ['Llano Estacado Cellar Reserve Cabernet', 21.99, WINERY],
  ['Llano Estacado Moscato', 13.99, WINERY],
  ['Fall Creek Vineyards Chenin Blanc', 14.99, WINERY],
  ['Pedernales Cellars Tempranillo', 34.99, WINERY],
  ['William Chris Enchanté', 39.99, WINERY],
  ['Duchman Family Vermentino', 22.99, WINERY],
  ['McPherson Cellars Sangiovese', 18.99, WINERY],
  ['Kiepersol Syrah', 32.99, WINERY],
  ['La Crema Chardonnay', 21.99, SGWS],
  ['Meiomi Pinot Noir', 22.99, SGWS],
  ['Josh Cellars Cabernet Sauvignon', 15.99, RNDC],
  ['Kim Crawford Sauvignon Blanc', 17.99, RNDC],
  ['Santa Margherita Pinot Grigio', 24.99, SGWS],
  ['La Marca Prosecco', 16.99, RNDC],
  ['Caymus Cabernet Sauvignon', 94.99, SGWS],
  ['Whispering Angel Rosé', 24.99, RNDC],
];

const beers: readonly (readonly [string, number, string])[] = [
  ['Shiner Bock', 9.49, SILVER],
  ['Shiner Ruby Redbird', 9.99, SILVER],
  ['Lone Star', 7.99, KEITH],
  ['Lone Star Light', 7.99, KEITH],
  ['Saint Arnold Fancy Lawnmower', 10.49, SILVER],
  ['Saint Arnold Art Car IPA', 11.49, SILVER],
  ['Karbach Love Street', 10.99, KEITH],
  ['Karbach Hopadillo IPA', 11.49, KEITH],
  ['Real Ale Firemans #4', 10.49, SILVER],
  ['Live Oak Hefeweizen', 11.99, KEITH],
  ['Austin Eastciders Original Dry', 10.99, SILVER],
  ['Modelo Especial', 10.99, SILVER],
  ['Dos Equis Lager', 10.49, KEITH],
  ['Michelob Ultra', 9.99, SILVER],
  ['Coors Light', 8.99, KEITH],
  ['Miller Lite', 8.99, KEITH],
];

const nonAlcoholic: readonly (readonly [string, string, number, string])[] = [
  ['Topo Chico Mineral Water', '12oz 12pk', 14.49, KEITH],
  ['Topo Chico Twist of Lime', '12oz 12pk', 15.49, KEITH],
  ['Richard’s Rainwater Sparkling', '12oz 12pk', 16.99, KEITH],
  ['Big Red Soda', '12oz 12pk', 7.99, KEITH],
  ['Dr Pepper', '12oz 12pk', 7.99, KEITH],
  ['Fever-Tree Tonic Water', '6.8oz 8pk', 9.99, SGWS],
  ['Fever-Tree Ginger Beer', '6.8oz 8pk', 9.99, SGWS],
  ['Q Mixers Club Soda', '7.5oz 6pk', 6.99, RNDC],
  ['Rose’s Lime Juice', '1L', 6.49, RNDC],
  ['Master of Mixes Margarita Mix', '1.75L', 8.99, RNDC],
  ['Zing Zang Bloody Mary Mix', '32oz', 7.49, SGWS],
  ['Bag of Ice (10 lb)', '10lb', 3.49, KEITH],
  ['Luxardo Maraschino Cherries', '400g', 21.99, SGWS],
  ['Angostura Aromatic Bitters', '4oz', 9.99, RNDC],
  ['Cocktail Napkins (500)', '500ct', 11.99, KEITH],
];

const dollars = (value: number) => Math.round(value * 100) / 100;

/**
 * About `count` catalogue rows across the four types (liquor in three sizes, wine and magnums, beer in packs,
 * non-alcoholic), each type cut to its share of the full list (150 rows), in a fixed order.
 */
export function demoCatalogue(count: number): { type: DemoProductType; row: DemoProductRow }[] {
  const liquor = liquorBrands.flatMap(([name, price, supplier], i) => [
    { type: 'LIQUOR' as const, row: [name, '750ml', price, supplier] as const },
    { type: 'LIQUOR' as const, row: [name, '1.75L', dollars(price * 1.85), supplier] as const },
    ...(i < 15
      ? [{ type: 'LIQUOR' as const, row: [name, '375ml', dollars(price * 0.55), supplier] as const }]
      : []),
  ]);
  const wine = wines.flatMap(([name, price, supplier], i) => [
    { type: 'WINE' as const, row: [name, '750ml', price, supplier] as const },
    ...(i < 8
      ? [{ type: 'WINE' as const, row: [name, '1.5L', dollars(price * 2.1), supplier] as const }]
      : []),
  ]);
  const beer = beers.flatMap(([name, price, supplier]) => [
    { type: 'BEER' as const, row: [`${name} 6pk`, '12oz 6pk', price, supplier] as const },
    { type: 'BEER' as const, row: [`${name} 24pk`, '12oz 24pk', dollars(price * 3.6), supplier] as const },
  ]);
  const na = nonAlcoholic.map(([name, size, price, supplier]) => ({
    type: 'N/A' as const,
    row: [name, size, price, supplier] as const,
  }));
  const total = liquor.length + wine.length + beer.length + na.length;
  const share = <T>(items: T[]) => items.slice(0, Math.max(3, Math.round((items.length / total) * count)));
  return [...share(liquor), ...share(wine), ...share(beer), ...share(na)];
}

/** [trade name, licence type, kind] — kind: a bar or club buys liquor; a store or restaurant wine and beer. */
export const DEMO_TRADE_NAMES: readonly (readonly [string, string])[] = [
  ['THE BROKEN SPOKE', 'MB'],
  ['CACTUS CANTINA', 'MB'],
  ['HOLE IN THE WALL', 'MB'],
  ['THE CONTINENTAL CLUB', 'MB'],
  ['SAN JAC SALOON', 'MB'],
  ['DRIFTWOOD DANCEHALL', 'MB'],
  ['BIG THICKET TAVERN', 'MB'],
  ['PEDERNALES PUB', 'MB'],
  ['LUCKENBACH DANCE HALL', 'MB'],
  ['GRUENE RIVER GRILL', 'MB'],
  ['ARMADILLO ICE HOUSE', 'MB'],
  ['BLUE ROSE BAR', 'MB'],
  ['THE HIGH NOON', 'MB'],
  ['PALO DURO LOUNGE', 'MB'],
  ['SIXTH STREET SOCIAL', 'MB'],
  ['PECAN STREET ALE HOUSE', 'MB'],
  ['MAVERICK STEAKHOUSE', 'MB'],
  ['LA FONDA DE TEJAS', 'MB'],
  ['RIO GRANDE COCKTAIL CO', 'MB'],
  ['COMAL COUNTY CLUB', 'N'],
  ['BRAZOS RIVER YACHT CLUB', 'NE'],
  ['BIG BEND BISTRO', 'BG'],
  ['HILL COUNTRY BBQ', 'BG'],
  ['TACO CABANA NO 17', 'BG'],
  ['PIT STOP ICE HOUSE', 'BG'],
  ['GUADALUPE GROCERY', 'BF'],
  ['STAR MART NO 4', 'BF'],
  ['WIMBERLEY WINE & CHEESE', 'BF'],
  ['FREDERICKSBURG FOOD MART', 'BF'],
  ['COWTOWN CORNER STORE', 'BF'],
  ['BARTON SPRINGS BEER GARDEN', 'BG'],
  ['SOUTH CONGRESS SUPPER CLUB', 'MB'],
  ['THE LONGHORN ROOM', 'MB'],
  ['PADRE ISLAND CABANA', 'MB'],
];

/** [city, zip prefix, county, area code, street names] */
export const DEMO_TOWNS: readonly (readonly [string, string, string, string])[] = [
  ['AUSTIN', '787', 'TRAVIS', '512'],
  ['SAN MARCOS', '786', 'HAYS', '512'],
  ['NEW BRAUNFELS', '781', 'COMAL', '830'],
  ['FREDERICKSBURG', '786', 'GILLESPIE', '830'],
  ['SAN ANTONIO', '782', 'BEXAR', '210'],
  ['ROUND ROCK', '786', 'WILLIAMSON', '512'],
  ['WACO', '767', 'MCLENNAN', '254'],
  ['GEORGETOWN', '786', 'WILLIAMSON', '512'],
];

export const DEMO_STREETS = [
  'S CONGRESS AVE',
  'E 6TH ST',
  'N LAMAR BLVD',
  'GUADALUPE ST',
  'RIVER RD',
  'MAIN ST',
  'W SAN ANTONIO ST',
  'RANCH RD 12',
  'HWY 290 W',
  'COMMERCE ST',
] as const;

export const DEMO_FIRST_NAMES = [
  'Jesse',
  'Maria',
  'Travis',
  'Lupe',
  'Cody',
  'Ashley',
  'Ramon',
  'Brooke',
  'Dale',
  'Yolanda',
  'Wade',
  'Carmen',
] as const;

export const DEMO_LAST_NAMES = [
  'Garza',
  'Whitfield',
  'Hernandez',
  'McCoy',
  'Nguyen',
  'Schulz',
  'Alvarez',
  'Pruitt',
  'Tran',
  'Keller',
] as const;
