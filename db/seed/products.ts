import type { Category } from './vendors';

/** [product, first variant, second variant, cost price of the first variant in rands]. Ten per category, so 20 items per vendor. */
type Product = [string, string, string, number];

export const PRODUCTS: Record<Category, Product[]> = {
  dairy: [
    ['Full Cream Milk', '1L', '2L', 17.5], ['Low Fat Milk', '1L', '2L', 17.0], ['Plain Yoghurt', '500g', '1kg', 21.0],
    ['Strawberry Yoghurt', '175g', '1kg', 9.5], ['Cheddar Cheese', '400g', '900g', 62.0], ['Gouda Cheese', '400g', '900g', 64.0],
    ['Salted Butter', '250g', '500g', 38.0], ['Fresh Cream', '250ml', '500ml', 24.0], ['Amasi', '1L', '2L', 22.0],
    ['Cottage Cheese', '250g', '500g', 26.0],
  ],
  produce: [
    ['Golden Delicious Apples', '1.5kg bag', '4kg box', 24.0], ['Packham Pears', '1.5kg bag', '4kg box', 26.0],
    ['Navel Oranges', '2kg bag', '7kg pocket', 22.0], ['Lemons', '1kg bag', '3kg pocket', 19.0], ['Bananas', 'per kg', '12kg box', 18.0],
    ['Potatoes', '2kg', '7kg', 29.0], ['Onions', '2kg', '7kg', 25.0], ['Tomatoes', '1kg', '5kg box', 21.0],
    ['Butternut', 'per kg', '10kg bag', 12.0], ['Avocados', '4 pack', '4kg box', 32.0],
  ],
  meat: [
    ['Beef Mince', '500g', '1kg', 58.0], ['Boerewors', '500g', '1kg', 62.0], ['Lamb Chops', '500g', '1kg', 115.0],
    ['Chicken Braai Pack', '1.5kg', '2kg', 79.0], ['Chicken Breasts', '1kg', '2kg', 89.0], ['Pork Rashers', '250g', '1kg', 42.0],
    ['Beef Stewing Meat', '500g', '1kg', 69.0], ['Chicken Wings', '1kg', '2kg', 72.0], ['Beef Biltong', '100g', '250g', 45.0],
    ['Lamb Curry Pieces', '500g', '1kg', 98.0],
  ],
  pantry: [
    ['Super Maize Meal', '2.5kg', '10kg', 32.0], ['White Sugar', '2.5kg', '10kg', 49.0], ['Cake Flour', '2.5kg', '10kg', 41.0],
    ['Parboiled Rice', '2kg', '10kg', 46.0], ['Iodated Table Salt', '500g', '1kg', 9.0], ['Rooibos Spice Blend', '100g', '500g', 18.0],
    ['Curry Powder Medium', '100g', '500g', 21.0], ['Sunflower Oil', '750ml', '2L', 34.0], ['Baked Beans in Tomato Sauce', '410g', '6 x 410g', 14.0],
    ['Oats', '1kg', '2kg', 36.0],
  ],
  bakery: [
    ['White Bread Sliced', '700g', '600g', 16.0], ['Brown Bread Sliced', '700g', '600g', 15.0], ['Hot Cross Buns', '6 pack', '12 pack', 28.0],
    ['Rusks Buttermilk', '500g', '1kg', 38.0], ['Hotdog Rolls', '6 pack', '12 pack', 17.0], ['Koeksisters', '6 pack', '12 pack', 32.0],
    ['Seed Loaf', '600g', '800g', 29.0], ['Muffins Bran', '4 pack', '12 pack', 27.0], ['Vetkoek', '6 pack', '12 pack', 24.0],
    ['Milk Tart', 'single', 'family', 45.0],
  ],
  beverages: [
    ['Still Water', '500ml', '6 x 1.5L', 6.5], ['Sparkling Water', '500ml', '6 x 1.5L', 7.5], ['Rooibos Tea Bags', '80s', '160s', 29.0],
    ['Ginger Beer', '2L', '6 x 330ml', 19.0], ['Orange Juice', '1L', '2L', 24.0], ['Mango Nectar', '1L', '2L', 22.0],
    ['Instant Coffee', '100g', '250g', 52.0], ['Cream Soda', '2L', '6 x 330ml', 18.0], ['Iced Tea Peach', '500ml', '1.5L', 12.0],
    ['Honeybush Tea Bags', '40s', '80s', 31.0],
  ],
  cleaning: [
    ['Dishwashing Liquid', '750ml', '5L', 22.0], ['Laundry Powder', '2kg', '5kg', 64.0], ['Fabric Softener', '2L', '5L', 39.0],
    ['Bleach', '750ml', '5L', 17.0], ['Multi-Surface Cleaner', '750ml', '5L', 29.0], ['Toilet Cleaner', '500ml', '2 x 500ml', 24.0],
    ['Refuse Bags', '20 pack', '100 pack', 21.0], ['Scouring Pads', '3 pack', '10 pack', 12.0], ['Window Cleaner', '500ml', '5L', 26.0],
    ['Floor Polish', '400ml', '2L', 33.0],
  ],
  snacks: [
    ['Salted Potato Chips', '125g', '36g x 12', 17.0], ['Chutney Chips', '125g', '36g x 12', 17.0], ['Maize Puffs', '100g', '25g x 24', 11.0],
    ['Salted Peanuts', '200g', '1kg', 24.0], ['Dried Mango Strips', '100g', '500g', 29.0], ['Droewors Snack', '60g', '250g', 35.0],
    ['Popcorn Butter', '100g', '3 x 100g', 14.0], ['Trail Mix', '200g', '1kg', 33.0], ['Cheese Curls', '100g', '25g x 24', 12.0],
    ['Rusk Bites', '200g', '500g', 23.0],
  ],
  wine: [
    ['Chenin Blanc', '750ml', '6 x 750ml', 62.0], ['Sauvignon Blanc', '750ml', '6 x 750ml', 68.0], ['Pinotage', '750ml', '6 x 750ml', 79.0],
    ['Cabernet Sauvignon', '750ml', '6 x 750ml', 84.0], ['Shiraz', '750ml', '6 x 750ml', 81.0], ['Rosé', '750ml', '6 x 750ml', 59.0],
    ['Cap Classique Brut', '750ml', '6 x 750ml', 119.0], ['Merlot', '750ml', '6 x 750ml', 76.0], ['Sweet Hanepoot', '750ml', '6 x 750ml', 55.0],
    ['Dry Red Box', '3L', '5L', 129.0],
  ],
  hardware: [
    ['Wood Screws 4x40mm', '100 pack', '500 pack', 38.0], ['Cable Ties 200mm', '100 pack', '500 pack', 24.0],
    ['Claw Hammer', '450g', '680g', 119.0], ['Cordless Drill Bits', '10 piece', '25 piece', 89.0], ['Masking Tape', '24mm', '48mm', 16.0],
    ['Extension Lead', '3m', '10m', 139.0], ['LED Globe E27', '9W', '4 x 9W', 24.0], ['Padlock Brass', '40mm', '60mm', 79.0],
    ['Garden Hose', '20m', '30m', 199.0], ['Wall Plugs', '100 pack', '500 pack', 19.0],
  ],
  personal: [
    ['Bath Soap', '175g', '3 x 175g', 12.0], ['Body Lotion', '400ml', '750ml', 42.0], ['Roll-On Deodorant', '50ml', '2 x 50ml', 23.0],
    ['Toothpaste', '100ml', '2 x 100ml', 19.0], ['Shampoo', '400ml', '1L', 39.0], ['Petroleum Jelly', '250ml', '500ml', 28.0],
    ['Hand Sanitiser', '100ml', '500ml', 18.0], ['Shower Gel', '400ml', '750ml', 36.0], ['Aqueous Cream', '500ml', '1L', 33.0],
    ['Sunscreen SPF50', '100ml', '200ml', 89.0],
  ],
  household: [
    ['Toilet Paper 2-ply', '9 pack', '18 pack', 49.0], ['Paper Towel', '2 pack', '6 pack', 27.0], ['Serviettes', '100 pack', '500 pack', 19.0],
    ['Tissues', '100s', '3 x 100s', 17.0], ['Aluminium Foil', '10m', '30m', 29.0], ['Cling Wrap', '30m', '100m', 26.0],
    ['Enamel Paint White', '1L', '5L', 139.0], ['Paint Roller', '150mm', '230mm', 59.0], ['Sandpaper Assorted', '5 pack', '20 pack', 25.0],
    ['Wall Filler', '500g', '2kg', 45.0],
  ],
  frozen: [
    ['Frozen Mixed Vegetables', '1kg', '2.5kg', 34.0], ['Frozen Chips', '1kg', '2.5kg', 39.0], ['Fish Fingers', '400g', '1kg', 49.0],
    ['Vanilla Ice Cream', '2L', '5L', 45.0], ['Frozen Peas', '1kg', '2.5kg', 32.0], ['Chicken Nuggets', '400g', '1kg', 59.0],
    ['Beef Pies', '4 pack', '12 pack', 52.0], ['Frozen Pizza Margherita', 'single', '3 pack', 44.0], ['Samoosas Mince', '12 pack', '48 pack', 39.0],
    ['Spring Rolls', '12 pack', '48 pack', 41.0],
  ],
  seafood: [
    ['Hake Fillets', '800g', '2kg', 89.0], ['Snoek Smoked', '500g', '1kg', 69.0], ['Calamari Rings', '500g', '1kg', 79.0],
    ['Pilchards in Tomato', '400g', '6 x 400g', 22.0], ['Tuna Chunks in Brine', '170g', '6 x 170g', 24.0], ['Prawns Deveined', '400g', '1kg', 129.0],
    ['Mussels Half Shell', '500g', '1kg', 75.0], ['Kingklip Fillets', '500g', '1kg', 149.0], ['Yellowtail Portions', '500g', '1kg', 99.0],
    ['Fish Cakes', '6 pack', '12 pack', 39.0],
  ],
};
