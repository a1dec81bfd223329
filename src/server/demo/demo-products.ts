import type { Category, ProductUnit } from "../../shared/schemas/products.ts";
import type { Art } from "./demo-art.ts";

export interface DemoProduct {
  name: string;
  /** Rupees. */
  price: number;
  description: string;
  category: Category;
  art: Art;
  /** What the price is for. */
  unit: ProductUnit;
  /** How many the farmer has (null: not counted). */
  stock: number | null;
}

const warm: [string, string] = ["#fff6e5", "#f6dfb4"];
const fresh: [string, string] = ["#eef8e6", "#cfe8bd"];
const cool: [string, string] = ["#eaf4fb", "#c9e0f0"];
const earth: [string, string] = ["#f8efe2", "#e3cda8"];

/** Six products per category, in the order they appear newest-first on a fresh shop. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: "Vine Tomatoes",
    unit: "kg",
    stock: 120,
    price: 40,
    description: "Sun-ripened tomatoes picked on the vine: sweet, juicy and perfect for salads and curries.",
    category: "vegetables",
    art: { motif: "round", color: "#ff6b4a", shade: "#c0261b", backdrop: warm, top: "calyx" },
  },
  {
    name: "Alphonso Mangoes",
    unit: "dozen",
    stock: 40,
    price: 450,
    description:
      "The king of mangoes from Ratnagiri: fragrant, saffron-coloured flesh with no fibre. A dozen.",
    category: "fruits",
    art: { motif: "round", color: "#ffd35a", shade: "#f08a1c", backdrop: fresh },
  },
  {
    name: "Fresh Cow Milk",
    unit: "litre",
    stock: 80,
    price: 60,
    description: "Full-cream milk from grass-fed cows, chilled within an hour of milking. One litre.",
    category: "dairy",
    art: { motif: "bottle", color: "#ffffff", shade: "#dfe7ef", backdrop: cool, accent: "#2f6db5" },
  },
  {
    name: "Basmati Rice",
    unit: "kg",
    stock: 150,
    price: 140,
    description:
      "Aged long-grain basmati from the Himalayan foothills; cooks fluffy and fragrant. One kilogram.",
    category: "grains",
    art: { motif: "sack", color: "#fbf6ea", shade: "#dccfae", backdrop: earth, accent: "#cfa869" },
  },
  {
    name: "Orange Carrots",
    unit: "kg",
    stock: 90,
    price: 45,
    description: "Crunchy carrots pulled this morning, sweet enough to eat raw or make into halwa.",
    category: "vegetables",
    art: { motif: "long", color: "#ffa23a", shade: "#e0621a", backdrop: fresh },
  },
  {
    name: "Robusta Bananas",
    unit: "dozen",
    stock: 60,
    price: 55,
    description: "A dozen ripe bananas, naturally ripened without carbide: soft, sweet and full of energy.",
    category: "fruits",
    art: { motif: "banana", color: "#fff06a", shade: "#e2b81f", backdrop: warm },
  },
  {
    name: "Malai Paneer",
    unit: "pack",
    stock: 30,
    price: 90,
    description: "Soft cottage cheese made fresh each morning from whole milk. 200 grams.",
    category: "dairy",
    art: { motif: "block", color: "#fffdf4", shade: "#e6dcc0", backdrop: cool },
  },
  {
    name: "Whole Wheat",
    unit: "kg",
    stock: null,
    price: 48,
    description: "Sharbati wheat, cleaned and sun-dried, ready for the chakki. One kilogram.",
    category: "grains",
    art: { motif: "sack", color: "#e9c07a", shade: "#b98a3e", backdrop: warm, accent: "#c99d5c" },
  },
  {
    name: "Baby Spinach",
    unit: "bunch",
    stock: 50,
    price: 30,
    description: "Tender spinach leaves, washed and bunched: for palak paneer, dal or a quick stir-fry.",
    category: "vegetables",
    art: { motif: "leafy", color: "#5fbf4a", shade: "#2c7a2a", backdrop: fresh },
  },
  {
    name: "Shimla Apples",
    unit: "kg",
    stock: 70,
    price: 180,
    description: "Crisp red apples from orchards near Shimla, hand-picked and never waxed. One kilogram.",
    category: "fruits",
    art: { motif: "round", color: "#ff5a5f", shade: "#a4161a", backdrop: earth },
  },
  {
    name: "Set Curd",
    unit: "pack",
    stock: 40,
    price: 45,
    description: "Thick, creamy curd set overnight in earthen-style pots from fresh whole milk. 400 grams.",
    category: "dairy",
    art: { motif: "jar", color: "#ffffff", shade: "#e3e6ea", backdrop: fresh, accent: "#9c6b3a" },
  },
  {
    name: "Ragi Flour",
    unit: "kg",
    stock: null,
    price: 70,
    description: "Stone-ground finger millet, rich in calcium and fibre: for rotis, dosas and porridge.",
    category: "grains",
    art: { motif: "bowl", color: "#9c5a3c", shade: "#6b3521", backdrop: earth, accent: "#b07a48" },
  },
  {
    name: "Tender Okra",
    unit: "500 g",
    stock: 45,
    price: 50,
    description: "Young bhindi that snaps cleanly: no strings, perfect for a dry sabzi. 500 grams.",
    category: "vegetables",
    art: { motif: "long", color: "#8fd16a", shade: "#3f8a2a", backdrop: warm, accent: "#4e8f2c" },
  },
  {
    name: "Green Grapes",
    unit: "500 g",
    stock: 4,
    price: 120,
    description: "Seedless Thompson grapes from Nashik, crisp and sweet. 500 grams.",
    category: "fruits",
    art: { motif: "bunch", color: "#c8f08a", shade: "#6fae33", backdrop: cool },
  },
  {
    name: "Desi Cow Ghee",
    unit: "500 ml",
    stock: 25,
    price: 650,
    description: "Slow-cooked bilona ghee with a grainy texture and nutty aroma. 500 millilitres.",
    category: "dairy",
    art: { motif: "jar", color: "#ffd86b", shade: "#e0a526", backdrop: warm, accent: "#7a4a1f" },
  },
  {
    name: "Toor Dal",
    unit: "kg",
    stock: null,
    price: 160,
    description: "Unpolished pigeon peas that cook soft and creamy for everyday dal. One kilogram.",
    category: "grains",
    art: { motif: "bowl", color: "#f7c948", shade: "#d49a1a", backdrop: fresh, accent: "#8b5a2b" },
  },
  {
    name: "Purple Brinjal",
    unit: "kg",
    stock: 35,
    price: 35,
    description: "Glossy brinjals with tender flesh and few seeds, ideal for bharta. 500 grams.",
    category: "vegetables",
    art: { motif: "long", color: "#8e4fc2", shade: "#4a1f6e", backdrop: cool, accent: "#4c8a2a" },
  },
  {
    name: "Nagpur Oranges",
    unit: "dozen",
    stock: 3,
    price: 90,
    description: "Juicy, easy-peel oranges from Nagpur with a bright sweet-sour taste. One kilogram.",
    category: "fruits",
    art: { motif: "round", color: "#ffb347", shade: "#e86a10", backdrop: fresh },
  },
  {
    name: "White Butter",
    unit: "250 g",
    stock: 20,
    price: 110,
    description: "Unsalted makkhan churned from cultured cream, the way grandmother made it. 200 grams.",
    category: "dairy",
    art: { motif: "block", color: "#fff7d6", shade: "#e9d79a", backdrop: warm },
  },
  {
    name: "Rolled Oats",
    unit: "pack",
    stock: null,
    price: 95,
    description: "Whole-grain rolled oats for porridge, granola and baking. 500 grams.",
    category: "grains",
    art: { motif: "bowl", color: "#efdcb4", shade: "#c8a870", backdrop: cool, accent: "#5a7fa8" },
  },
  {
    name: "New Potatoes",
    unit: "kg",
    stock: null,
    price: 32,
    description: "Thin-skinned new-crop potatoes that need no peeling. One kilogram.",
    category: "vegetables",
    art: { motif: "round", color: "#e6c18a", shade: "#a7773c", backdrop: earth, top: "none" },
  },
  {
    name: "Pomegranates",
    unit: "kg",
    stock: 30,
    price: 160,
    description: "Bhagwa pomegranates with ruby-red arils, sweet and full of juice. One kilogram.",
    category: "fruits",
    art: { motif: "round", color: "#e8434f", shade: "#8c1022", backdrop: warm, accent: "#c0392b" },
  },
  {
    name: "Farm Cheese",
    unit: "250 g",
    stock: 15,
    price: 240,
    description: "Mild, semi-hard cheese aged for six weeks on our farm. 250 grams.",
    category: "dairy",
    art: { motif: "block", color: "#ffd35c", shade: "#d9a21b", backdrop: fresh, holes: true },
  },
  {
    name: "Moong Dal",
    unit: "kg",
    stock: null,
    price: 130,
    description: "Split green gram, easy to digest and quick to cook: for khichdi and cheela. One kilogram.",
    category: "grains",
    art: { motif: "sack", color: "#b7d96b", shade: "#7da33a", backdrop: fresh, accent: "#d6b67a" },
  },
];
