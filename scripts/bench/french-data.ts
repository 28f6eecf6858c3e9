/** Word lists for realistic French generated data. The first items of the name lists are the most frequent ones. */
import type { Department } from "../../resources/common/departments";

/** One town per département: [département, town, postal code]. Postal codes start with the département's number. */
export const PLACES: readonly [Department, string, string][] = [
  ["D75", "Paris", "75011"], ["D75", "Paris", "75015"], ["D75", "Paris", "75018"], ["D13", "Marseille", "13005"], ["D69", "Lyon", "69003"],
  ["D31", "Toulouse", "31000"], ["D06", "Nice", "06000"], ["D44", "Nantes", "44000"], ["D34", "Montpellier", "34000"], ["D67", "Strasbourg", "67000"],
  ["D33", "Bordeaux", "33000"], ["D59", "Lille", "59000"], ["D35", "Rennes", "35000"], ["D51", "Reims", "51100"], ["D42", "Saint-Étienne", "42000"],
  ["D83", "Toulon", "83000"], ["D38", "Grenoble", "38000"], ["D21", "Dijon", "21000"], ["D49", "Angers", "49000"], ["D30", "Nîmes", "30000"],
  ["D93", "Saint-Denis", "93200"], ["D94", "Créteil", "94000"], ["D92", "Nanterre", "92000"], ["D78", "Versailles", "78000"], ["D91", "Évry-Courcouronnes", "91000"],
  ["D95", "Cergy", "95000"], ["D77", "Melun", "77000"], ["D01", "Bourg-en-Bresse", "01000"], ["D02", "Laon", "02000"], ["D03", "Moulins", "03000"],
  ["D04", "Digne-les-Bains", "04000"], ["D05", "Gap", "05000"], ["D07", "Privas", "07000"], ["D08", "Charleville-Mézières", "08000"], ["D09", "Foix", "09000"],
  ["D10", "Troyes", "10000"], ["D11", "Carcassonne", "11000"], ["D12", "Rodez", "12000"], ["D14", "Caen", "14000"], ["D15", "Aurillac", "15000"],
  ["D16", "Angoulême", "16000"], ["D17", "La Rochelle", "17000"], ["D18", "Bourges", "18000"], ["D19", "Tulle", "19000"], ["D2A", "Ajaccio", "20000"],
  ["D2B", "Bastia", "20200"], ["D22", "Saint-Brieuc", "22000"], ["D23", "Guéret", "23000"], ["D24", "Périgueux", "24000"], ["D25", "Besançon", "25000"],
  ["D26", "Valence", "26000"], ["D27", "Évreux", "27000"], ["D28", "Chartres", "28000"], ["D29", "Brest", "29200"], ["D32", "Auch", "32000"],
  ["D36", "Châteauroux", "36000"], ["D37", "Tours", "37000"], ["D39", "Lons-le-Saunier", "39000"], ["D40", "Mont-de-Marsan", "40000"], ["D41", "Blois", "41000"],
  ["D43", "Le Puy-en-Velay", "43000"], ["D45", "Orléans", "45000"], ["D46", "Cahors", "46000"], ["D47", "Agen", "47000"], ["D48", "Mende", "48000"],
  ["D50", "Saint-Lô", "50000"], ["D52", "Chaumont", "52000"], ["D53", "Laval", "53000"], ["D54", "Nancy", "54000"], ["D55", "Bar-le-Duc", "55000"],
  ["D56", "Vannes", "56000"], ["D57", "Metz", "57000"], ["D58", "Nevers", "58000"], ["D60", "Beauvais", "60000"], ["D61", "Alençon", "61000"],
  ["D62", "Arras", "62000"], ["D63", "Clermont-Ferrand", "63000"], ["D64", "Pau", "64000"], ["D65", "Tarbes", "65000"], ["D66", "Perpignan", "66000"],
  ["D68", "Colmar", "68000"], ["D70", "Vesoul", "70000"], ["D71", "Mâcon", "71000"], ["D72", "Le Mans", "72000"], ["D73", "Chambéry", "73000"],
  ["D74", "Annecy", "74000"], ["D76", "Rouen", "76000"], ["D79", "Niort", "79000"], ["D80", "Amiens", "80000"], ["D81", "Albi", "81000"],
  ["D82", "Montauban", "82000"], ["D84", "Avignon", "84000"], ["D85", "La Roche-sur-Yon", "85000"], ["D86", "Poitiers", "86000"], ["D87", "Limoges", "87000"],
  ["D88", "Épinal", "88000"], ["D89", "Auxerre", "89000"], ["D90", "Belfort", "90000"], ["D971", "Pointe-À-Pitre", "97110"], ["D972", "Fort-De-France", "97200"],
  ["D973", "Cayenne", "97300"], ["D974", "Saint-Denis", "97400"], ["D976", "Mamoudzou", "97600"],
];

/** How a département is written in a NIR's place of birth: two characters ("2A", "97" for overseas). */
export const nirPlaceOf = (department: Department) => {
  const code = department.slice(1);
  return code.length === 3 ? code.slice(0, 2) : code;
};

export const LAST_NAMES = [
  "MARTIN", "BERNARD", "THOMAS", "PETIT", "ROBERT", "RICHARD", "DURAND", "DUBOIS", "MOREAU", "LAURENT", "SIMON", "MICHEL", "LEFÈVRE", "LEROY",
  "ROUX", "DAVID", "BERTRAND", "MOREL", "FOURNIER", "GIRARD", "BONNET", "DUPONT", "LAMBERT", "FONTAINE", "ROUSSEAU", "VINCENT", "MULLER",
  "LEFEBVRE", "FAURE", "ANDRÉ", "MERCIER", "BLANC", "GUÉRIN", "BOYER", "GARNIER", "CHEVALIER", "FRANÇOIS", "LEGRAND", "GAUTHIER", "GARCIA",
  "PERRIN", "ROBIN", "CLÉMENT", "MORIN", "NICOLAS", "HENRY", "ROUSSEL", "MATHIEU", "GAUTIER", "MASSON", "MARCHAND", "DUVAL", "DENIS",
  "DUMONT", "MARIE", "LEMAIRE", "NOËL", "MEYER", "DUFOUR", "MEUNIER", "BRUN", "BLANCHARD", "GIRAUD", "JOLY", "RIVIÈRE", "LUCAS", "BRUNET",
  "GAILLARD", "BARBIER", "ARNAUD", "MARTINEZ", "GÉRARD", "ROCHE", "RENARD", "SCHMITT", "ROY", "LEROUX", "COLIN", "VIDAL", "CARON", "PICARD",
  "ROGER", "FABRE", "AUBERT", "LEMOINE", "RENAUD", "DUMAS", "LACROIX", "OLIVIER", "PHILIPPE", "BOURGEOIS", "PIERRE", "BENOÎT", "REY",
  "LECLERC", "PAYET", "ROLLAND", "LECLERCQ", "GUILLAUME", "LECOMTE", "LOPEZ", "JEAN", "DUPUY", "GUILLOT", "HUBERT", "BERGER", "CARPENTIER",
  "SANCHEZ", "DUPUIS", "MOULIN", "LOUIS", "DESCHAMPS", "HUET", "VASSEUR", "PEREZ", "BOUCHER", "FLEURY", "ROYER", "KLEIN", "JACQUET", "ADAM",
  "PARIS", "POIRIER", "MARTY", "AUBRY", "GUYOT", "CARRÉ", "CHARLES", "RENAULT", "CHARPENTIER", "MÉNARD", "MAILLARD", "BARON", "BERTIN",
  "BAILLY", "HERVÉ", "SCHNEIDER", "FERNANDEZ", "LE GALL", "COLLET", "LÉGER", "BOUVIER", "JULIEN", "PRÉVOST", "MILLET", "PERROT", "DANIEL",
  "LE ROUX", "COUSIN", "GERMAIN", "BRETON", "BESSON", "LANGLOIS", "RÉMY", "LE GOFF", "PELLETIER", "LÉVÊQUE", "PERRIER", "LEBLANC", "BARRÉ",
  "LEBRUN", "MARCHAL", "WEBER", "MALLET", "HAMON", "BOULANGER", "JACOB", "MONNIER", "MICHAUD", "RODRIGUEZ", "GUICHARD", "GILLET", "ÉTIENNE",
  "GRONDIN", "POULAIN", "TESSIER", "CHEVALLIER", "COLLIN", "CHAUVIN", "DA SILVA", "BOUCHET", "GAY", "LEMAÎTRE", "BENARD", "MARÉCHAL",
  "HUMBERT", "REYNAUD", "ANTOINE", "HOARAU", "PERRET", "BARTHÉLEMY", "CORDIER", "PICHON", "LEJEUNE", "GILBERT", "LAMY", "DELAUNAY",
  "PASQUIER", "CARLIER", "LAPORTE", "NGUYEN", "DIALLO", "TRAORÉ", "BEN AHMED", "HADDAD", "KOWALSKI", "FERREIRA", "DOS SANTOS", "BENALI",
];

export const FEMALE_FIRST_NAMES = [
  "Marie", "Camille", "Léa", "Manon", "Chloé", "Emma", "Inès", "Sarah", "Julie", "Laura", "Pauline", "Mathilde", "Clara", "Océane",
  "Anaïs", "Élodie", "Audrey", "Céline", "Émilie", "Nathalie", "Sandrine", "Isabelle", "Sophie", "Aurélie", "Stéphanie", "Valérie",
  "Christine", "Catherine", "Sylvie", "Hélène", "Claire", "Lucie", "Margaux", "Juliette", "Zoé", "Louise", "Jade", "Alice", "Lola",
  "Maëlle", "Agathe", "Noémie", "Charlotte", "Marine", "Justine", "Mélanie", "Élise", "Fatoumata", "Aïcha", "Yasmine", "Thi Lan",
  "Marie-Hélène", "Anne-Sophie", "Bérénice", "Gwenaëlle", "Solène", "Héloïse", "Clémence", "Joëlle", "Françoise",
];

export const MALE_FIRST_NAMES = [
  "Lucas", "Hugo", "Thomas", "Nicolas", "Julien", "Maxime", "Alexandre", "Antoine", "Kevin", "Romain", "Quentin", "Mathieu", "Guillaume",
  "Florian", "Jérémy", "Sébastien", "Pierre", "Jean", "Philippe", "Laurent", "Christophe", "David", "Stéphane", "Olivier", "Frédéric",
  "Éric", "Patrick", "Thierry", "Benoît", "Loïc", "Théo", "Louis", "Arthur", "Gabriel", "Raphaël", "Jules", "Adam", "Léo", "Nathan",
  "Mohamed", "Karim", "Mehdi", "Yann", "Gaëtan", "Cédric", "Aurélien", "Baptiste", "Valentin", "Noé", "Jean-Pierre", "Jean-Baptiste",
  "Paul-Antoine", "François", "Jérôme", "Rémi", "Étienne", "Grégoire", "Thibault", "Adrien", "Tiago",
];

/**
 * Searched by the bench: a common name (a few per cent of the people) and a rare one (given to about one person in 100,000),
 * written without accents as a user types them (search is accent-insensitive).
 */
export const SEARCH_TERMS = {
  people: { common: "martin", rare: "quemeneur" },
  organizations: { common: "formation", rare: "vauquelin" },
  trainings: { common: "soignant", rare: "vitraux" },
} as const;
export const RARE_LAST_NAME = "QUÉMÉNEUR";
export const RARE_ORGANIZATION_NAME = "ATELIER VAUQUELIN";
export const RARE_TRAINING_NAME = "Restauration de vitraux anciens";
/** One row in this many carries the rare value. */
export const RARE_EVERY = { people: 100_000, organizations: 1_000, trainings: 10_000 } as const;

export const STREETS: readonly [string, string][] = [
  ["RUE", "de la République"], ["AV", "Jean Jaurès"], ["BD", "Victor Hugo"], ["ALL", "des Tilleuls"], ["CHE", "du Moulin"],
  ["IMP", "des Lilas"], ["PL", "de l'Église"], ["RTE", "de Lyon"], ["QUAI", "des Chartrons"], ["CRS", "Lafayette"], ["RUE", "Émile Zola"],
  ["AV", "du Général Leclerc"], ["RUE", "Pasteur"], ["RUE", "Victor Hugo"], ["RUE", "de la Gare"], ["AV", "de la Libération"],
  ["RUE", "des Écoles"], ["BD", "Gambetta"], ["RUE", "du Château"], ["RES", "Les Jardins"],
];

export const TRAINING_ORGANIZATION_PREFIXES = [
  "GRETA", "AFPA", "CFA", "INSTITUT DE FORMATION", "CENTRE DE FORMATION", "IFSI", "ÉCOLE DES MÉTIERS", "CCI FORMATION", "ACADÉMIE",
  "CAMPUS", "IRTS", "FORMATION CONTINUE",
];
export const CONTRACTING_PREFIXES = ["RÉGION", "DÉPARTEMENT", "FRANCE TRAVAIL", "OPCO", "AGEFIPH", "TRANSITIONS PRO", "MISSION LOCALE"];

export const TRAINING_TITLES: readonly [title: string, healthcareSocial: boolean][] = [
  ["Titre professionnel Développeur web et web mobile", false],
  ["Diplôme d'État d'aide-soignant", true],
  ["Diplôme d'État d'accompagnant éducatif et social", true],
  ["Diplôme d'État d'auxiliaire de puériculture", true],
  ["Diplôme d'État d'infirmier", true],
  ["Titre professionnel Agent magasinier", false],
  ["Titre professionnel Cariste d'entrepôt", false],
  ["CAP Cuisine", false],
  ["CAP Accompagnant éducatif petite enfance", false],
  ["Titre professionnel Secrétaire assistant", false],
  ["Titre professionnel Comptable assistant", false],
  ["Remise à niveau en français et en mathématiques", false],
  ["Préparation opérationnelle à l'emploi – agent logistique", false],
  ["Titre professionnel Électricien d'équipement du bâtiment", false],
  ["Titre professionnel Maçon", false],
  ["Titre professionnel Plombier chauffagiste", false],
  ["Titre professionnel Conducteur du transport routier de marchandises", false],
  ["Titre professionnel Assistant de vie aux familles", false],
  ["Titre professionnel Technicien d'assistance en informatique", false],
  ["Titre professionnel Vendeur conseil en magasin", false],
  ["Titre professionnel Agent de restauration", false],
  ["Bureautique : Word, Excel et outils collaboratifs", false],
  ["Anglais professionnel", false],
  ["Certificat CléA – socle de connaissances", false],
  ["Français langue étrangère", false],
  ["Habilitation électrique", false],
  ["Sauveteur secouriste du travail", false],
  ["Titre professionnel Soudeur", false],
  ["Diplôme d'État de moniteur éducateur", true],
  ["Diplôme d'État d'ambulancier", true],
];
