import type { CategoryCode, Province } from '@app/shared/constants';

// Word lists for the generated demo set. Names of departments, cities and agreements are
// real; people, phone numbers (555-01xx is reserved for fiction) and notices are invented.

/** [English, French] */
export type Pair = readonly [string, string];

export interface City {
  name: Pair;
  postal: string;
  area: string;
}

export interface ProvinceInfo {
  name: Province;
  fr: string;
  abbr: string;
  weight: number;
  cities: City[];
}

const city = (en: string, fr: string, postal: string, area: string): City => ({ name: [en, fr], postal, area });

export const PROVINCE_INFO: ProvinceInfo[] = [
  {
    name: 'Alberta',
    fr: 'Alberta',
    abbr: 'AB',
    weight: 8,
    cities: [
      city('Edmonton', 'Edmonton', 'T5J', '780'),
      city('Calgary', 'Calgary', 'T2P', '403'),
      city('Lethbridge', 'Lethbridge', 'T1J', '403'),
    ],
  },
  {
    name: 'British Columbia',
    fr: 'Colombie-Britannique',
    abbr: 'BC',
    weight: 10,
    cities: [
      city('Vancouver', 'Vancouver', 'V6B', '604'),
      city('Victoria', 'Victoria', 'V8W', '250'),
      city('Surrey', 'Surrey', 'V3T', '604'),
      city('Esquimalt', 'Esquimalt', 'V9A', '250'),
    ],
  },
  {
    name: 'Manitoba',
    fr: 'Manitoba',
    abbr: 'MB',
    weight: 4,
    cities: [city('Winnipeg', 'Winnipeg', 'R3C', '204'), city('Brandon', 'Brandon', 'R7A', '204')],
  },
  {
    name: 'New Brunswick',
    fr: 'Nouveau-Brunswick',
    abbr: 'NB',
    weight: 3,
    cities: [
      city('Moncton', 'Moncton', 'E1C', '506'),
      city('Fredericton', 'Fredericton', 'E3B', '506'),
      city('Saint John', 'Saint John', 'E2L', '506'),
    ],
  },
  {
    name: 'Newfoundland and Labrador',
    fr: 'Terre-Neuve-et-Labrador',
    abbr: 'NL',
    weight: 3,
    cities: [
      city("St. John's", "St. John's", 'A1C', '709'),
      city('Gander', 'Gander', 'A1V', '709'),
      city('Happy Valley-Goose Bay', 'Happy Valley-Goose Bay', 'A0P', '709'),
    ],
  },
  {
    name: 'Nova Scotia',
    fr: 'Nouvelle-Écosse',
    abbr: 'NS',
    weight: 5,
    cities: [
      city('Halifax', 'Halifax', 'B3J', '902'),
      city('Dartmouth', 'Dartmouth', 'B2Y', '902'),
      city('Sydney', 'Sydney', 'B1P', '902'),
    ],
  },
  {
    name: 'Ontario',
    fr: 'Ontario',
    abbr: 'ON',
    weight: 34,
    cities: [
      city('Ottawa', 'Ottawa', 'K1A', '613'),
      city('Toronto', 'Toronto', 'M5G', '416'),
      city('Kingston', 'Kingston', 'K7K', '613'),
      city('Trenton', 'Trenton', 'K8V', '613'),
      city('Sudbury', 'Sudbury', 'P3E', '705'),
      city('Thunder Bay', 'Thunder Bay', 'P7B', '807'),
      city('Petawawa', 'Petawawa', 'K8H', '613'),
    ],
  },
  {
    name: 'Prince Edward Island',
    fr: 'Île-du-Prince-Édouard',
    abbr: 'PE',
    weight: 2,
    cities: [city('Charlottetown', 'Charlottetown', 'C1A', '902'), city('Summerside', 'Summerside', 'C1N', '902')],
  },
  {
    name: 'Quebec',
    fr: 'Québec',
    abbr: 'QC',
    weight: 20,
    cities: [
      city('Gatineau', 'Gatineau', 'J8X', '819'),
      city('Montreal', 'Montréal', 'H2Z', '514'),
      city('Quebec City', 'Québec', 'G1R', '418'),
      city('Longueuil', 'Longueuil', 'J4K', '450'),
      city('Valcartier', 'Valcartier', 'G0A', '418'),
    ],
  },
  {
    name: 'Saskatchewan',
    fr: 'Saskatchewan',
    abbr: 'SK',
    weight: 3,
    cities: [city('Regina', 'Regina', 'S4P', '306'), city('Saskatoon', 'Saskatoon', 'S7K', '306')],
  },
  {
    name: 'Northwest Territories',
    fr: 'Territoires du Nord-Ouest',
    abbr: 'NT',
    weight: 2,
    cities: [city('Yellowknife', 'Yellowknife', 'X1A', '867'), city('Inuvik', 'Inuvik', 'X0E', '867')],
  },
  {
    name: 'Nunavut',
    fr: 'Nunavut',
    abbr: 'NU',
    weight: 2,
    cities: [city('Iqaluit', 'Iqaluit', 'X0A', '867'), city('Rankin Inlet', 'Rankin Inlet', 'X0C', '867')],
  },
  {
    name: 'Yukon',
    fr: 'Yukon',
    abbr: 'YT',
    weight: 2,
    cities: [city('Whitehorse', 'Whitehorse', 'Y1A', '867'), city('Dawson City', 'Dawson City', 'Y0B', '867')],
  },
];

export interface Department {
  name: Pair;
  domain: string;
  /** Street address used for the national-capital office. */
  address: Pair;
}

export const DEPARTMENTS: Department[] = [
  {
    name: ['Public Services and Procurement Canada', 'Services publics et Approvisionnement Canada'],
    domain: 'tpsgc-pwgsc.gc.ca',
    address: ['11 Laurier Street', '11, rue Laurier'],
  },
  {
    name: ['Department of National Defence', 'Ministère de la Défense nationale'],
    domain: 'forces.gc.ca',
    address: ['101 Colonel By Drive', '101, promenade du Colonel-By'],
  },
  {
    name: ['Royal Canadian Mounted Police', 'Gendarmerie royale du Canada'],
    domain: 'rcmp-grc.gc.ca',
    address: ['73 Leikin Drive', '73, promenade Leikin'],
  },
  {
    name: ['Health Canada', 'Santé Canada'],
    domain: 'hc-sc.gc.ca',
    address: ['70 Colombine Driveway', '70, promenade Colombine'],
  },
  {
    name: ['Public Health Agency of Canada', 'Agence de la santé publique du Canada'],
    domain: 'phac-aspc.gc.ca',
    address: ['130 Colonnade Road', '130, chemin Colonnade'],
  },
  {
    name: ['Correctional Service Canada', 'Service correctionnel du Canada'],
    domain: 'csc-scc.gc.ca',
    address: ['340 Laurier Avenue West', '340, avenue Laurier Ouest'],
  },
  {
    name: ['Fisheries and Oceans Canada', 'Pêches et Océans Canada'],
    domain: 'dfo-mpo.gc.ca',
    address: ['200 Kent Street', '200, rue Kent'],
  },
  {
    name: ['Canadian Coast Guard', 'Garde côtière canadienne'],
    domain: 'dfo-mpo.gc.ca',
    address: ['200 Kent Street', '200, rue Kent'],
  },
  {
    name: ['Environment and Climate Change Canada', 'Environnement et Changement climatique Canada'],
    domain: 'ec.gc.ca',
    address: ['200 Sacré-Coeur Boulevard', '200, boulevard Sacré-Coeur'],
  },
  { name: ['Parks Canada', 'Parcs Canada'], domain: 'pc.gc.ca', address: ['30 Victoria Street', '30, rue Victoria'] },
  {
    name: ['Transport Canada', 'Transports Canada'],
    domain: 'tc.gc.ca',
    address: ['330 Sparks Street', '330, rue Sparks'],
  },
  {
    name: ['Statistics Canada', 'Statistique Canada'],
    domain: 'statcan.gc.ca',
    address: ["150 Tunney's Pasture Driveway", "150, promenade Tunney's Pasture"],
  },
  {
    name: ['Shared Services Canada', 'Services partagés Canada'],
    domain: 'ssc-spc.gc.ca',
    address: ['180 Kent Street', '180, rue Kent'],
  },
  {
    name: ['Employment and Social Development Canada', 'Emploi et Développement social Canada'],
    domain: 'hrsdc-rhdcc.gc.ca',
    address: ['140 Promenade du Portage', '140, promenade du Portage'],
  },
  {
    name: ['Canada Border Services Agency', 'Agence des services frontaliers du Canada'],
    domain: 'cbsa-asfc.gc.ca',
    address: ['191 Laurier Avenue West', '191, avenue Laurier Ouest'],
  },
  {
    name: ['Indigenous Services Canada', 'Services aux Autochtones Canada'],
    domain: 'sac-isc.gc.ca',
    address: ['10 Wellington Street', '10, rue Wellington'],
  },
  {
    name: ['Natural Resources Canada', 'Ressources naturelles Canada'],
    domain: 'nrcan-rncan.gc.ca',
    address: ['580 Booth Street', '580, rue Booth'],
  },
  {
    name: ['Agriculture and Agri-Food Canada', 'Agriculture et Agroalimentaire Canada'],
    domain: 'agr.gc.ca',
    address: ['1341 Baseline Road', '1341, chemin Baseline'],
  },
  {
    name: ['National Research Council Canada', 'Conseil national de recherches Canada'],
    domain: 'nrc-cnrc.gc.ca',
    address: ['1200 Montreal Road', '1200, chemin de Montréal'],
  },
  {
    name: ['Veterans Affairs Canada', 'Anciens Combattants Canada'],
    domain: 'veterans.gc.ca',
    address: ['161 Grafton Street', '161, rue Grafton'],
  },
  {
    name: ['Canada Revenue Agency', 'Agence du revenu du Canada'],
    domain: 'cra-arc.gc.ca',
    address: ['555 MacKenzie Avenue', '555, avenue MacKenzie'],
  },
  {
    name: ['Immigration, Refugees and Citizenship Canada', 'Immigration, Réfugiés et Citoyenneté Canada'],
    domain: 'cic.gc.ca',
    address: ['365 Laurier Avenue West', '365, avenue Laurier Ouest'],
  },
  {
    name: ['Library and Archives Canada', 'Bibliothèque et Archives Canada'],
    domain: 'bac-lac.gc.ca',
    address: ['395 Wellington Street', '395, rue Wellington'],
  },
  {
    name: ['Canadian Food Inspection Agency', "Agence canadienne d'inspection des aliments"],
    domain: 'inspection.gc.ca',
    address: ['1400 Merivale Road', '1400, chemin Merivale'],
  },
  {
    name: ['Defence Construction Canada', 'Construction de Défense Canada'],
    domain: 'dcc-cdc.gc.ca',
    address: ['350 Albert Street', '350, rue Albert'],
  },
  {
    name: [
      'Crown-Indigenous Relations and Northern Affairs Canada',
      'Relations Couronne-Autochtones et Affaires du Nord Canada',
    ],
    domain: 'rcaanc-cirnac.gc.ca',
    address: ['10 Wellington Street', '10, rue Wellington'],
  },
  {
    name: ['Canadian Space Agency', 'Agence spatiale canadienne'],
    domain: 'asc-csa.gc.ca',
    address: ['6767 Route de l’Aéroport', '6767, route de l’Aéroport'],
  },
];

export const STREETS = [
  'Main Street',
  'King Street',
  'Queen Street',
  'Water Street',
  'Portage Avenue',
  'Jasper Avenue',
  'Government Street',
  'Federal Road',
  'Hangar Road',
  'Harbour Drive',
];

export const FIRST_NAMES = [
  'Abbas',
  'Amélie',
  'Benjamin',
  'Chantal',
  'Darren',
  'Émilie',
  'Farah',
  'Gursharn',
  'Hélène',
  'Isaac',
  'Jasmine',
  'Karen',
  'Liam',
  'Mathieu',
  'Nadia',
  'Olivier',
  'Priya',
  'Rémi',
  'Sarah',
  'Tyler',
  'Valérie',
  'Wei',
  'Yasmin',
  'Zachary',
];
export const LAST_NAMES = [
  'Bouchard',
  'Chen',
  'Dhillon',
  'Gagnon',
  'Khokhar',
  'Lavoie',
  'MacDonald',
  'Martin',
  'Nguyen',
  'Ouellet',
  'Patel',
  'Roy',
  'Singh',
  'Smith',
  'Tremblay',
  'Wilson',
  'Côté',
  'Pelletier',
  'Okafor',
  'Brown',
];

export interface Domain {
  key: string;
  categories: CategoryCode[];
  items: Pair[];
  unspsc: ReadonlyArray<readonly [string, string, string]>;
  gsin?: readonly [string, string, string];
  scope: Pair[];
}

export const DOMAINS: Domain[] = [
  {
    key: 'it',
    categories: ['SRV'],
    items: [
      ['Cloud Hosting Services', "Services d'hébergement infonuagique"],
      ['IT Help Desk Support Services', "Services de soutien du centre d'assistance TI"],
      ['Software Development Services', 'Services de développement de logiciels'],
      ['Data Analytics Platform Implementation', "Mise en œuvre d'une plateforme d'analyse de données"],
      ['Network Infrastructure Modernization', "Modernisation de l'infrastructure réseau"],
    ],
    unspsc: [
      ['81112000', 'Data services', 'Services de données'],
      ['81111500', 'Software or hardware engineering', 'Génie logiciel ou matériel'],
      ['81112200', 'Software maintenance and support', 'Maintenance et soutien des logiciels'],
    ],
    gsin: ['D302A', 'Systems Development Services', 'Services de développement de systèmes'],
    scope: [
      [
        'design, configuration and testing of the solution in a protected B environment',
        'la conception, la configuration et la mise à l’essai de la solution dans un environnement Protégé B',
      ],
      [
        'migration of existing applications and data with no loss of service',
        'la migration des applications et des données existantes sans interruption de service',
      ],
      [
        'tier 1 and tier 2 support available 24 hours a day, 7 days a week',
        'un soutien de niveaux 1 et 2 offert 24 heures sur 24, 7 jours sur 7',
      ],
      [
        'knowledge transfer and training for departmental staff',
        'le transfert des connaissances et la formation du personnel du ministère',
      ],
      [
        'monthly service-level reporting and a quarterly security review',
        'des rapports mensuels sur les niveaux de service et un examen trimestriel de la sécurité',
      ],
    ],
  },
  {
    key: 'cyber',
    categories: ['SRV'],
    items: [
      ['Cyber Security Assessment Services', "Services d'évaluation de la cybersécurité"],
      ['Penetration Testing and Vulnerability Assessment', 'Tests de pénétration et évaluation des vulnérabilités'],
      ['Security Operations Centre Support', 'Soutien au centre des opérations de sécurité'],
    ],
    unspsc: [
      ['81111800', 'Computer services', 'Services informatiques'],
      ['92121700', 'Security systems services', 'Services de systèmes de sécurité'],
    ],
    scope: [
      [
        'threat and risk assessments of departmental systems',
        'des évaluations de la menace et des risques des systèmes du ministère',
      ],
      [
        'penetration testing of external and internal networks',
        'des tests de pénétration des réseaux externes et internes',
      ],
      [
        'incident response support within four hours of a request',
        "un soutien à l'intervention en cas d'incident dans les quatre heures suivant une demande",
      ],
      [
        'security assessment and authorization documentation',
        "la documentation d'évaluation et d'autorisation de sécurité",
      ],
    ],
  },
  {
    key: 'construction',
    categories: ['CNST'],
    items: [
      ['Roof Replacement', 'Remplacement de la toiture'],
      ['Building Envelope Rehabilitation', "Réfection de l'enveloppe du bâtiment"],
      ['Parking Lot Resurfacing', 'Resurfaçage du stationnement'],
      ['HVAC System Upgrade', 'Mise à niveau du système CVCA'],
      ['Wharf Repairs', 'Réparations du quai'],
    ],
    unspsc: [
      [
        '72121400',
        'Specialized public building construction services',
        'Services de construction spécialisée de bâtiments publics',
      ],
      ['72152600', 'Roofing and siding and sheet metal services', 'Services de toiture, de revêtement et de tôlerie'],
      ['72141000', 'Highway and road construction services', 'Services de construction de routes et autoroutes'],
    ],
    gsin: ['51', 'Construction services', 'Services de construction'],
    scope: [
      [
        'removal and disposal of existing materials, including designated substances',
        'l’enlèvement et l’élimination des matériaux existants, y compris les substances désignées',
      ],
      [
        'supply and installation of new materials in accordance with the specifications and drawings',
        'la fourniture et l’installation de nouveaux matériaux conformément au devis et aux dessins',
      ],
      [
        'site protection, traffic management and daily clean-up',
        'la protection du chantier, la gestion de la circulation et le nettoyage quotidien',
      ],
      [
        'coordination with building occupants to maintain operations during the work',
        'la coordination avec les occupants afin de maintenir les activités pendant les travaux',
      ],
      ['commissioning and a one-year warranty period', 'la mise en service et une période de garantie d’un an'],
    ],
  },
  {
    key: 'design-build',
    categories: ['CNST', 'SRV'],
    items: [
      [
        'Design-Build of a Vehicle Maintenance Facility',
        "Conception-construction d'un atelier d'entretien des véhicules",
      ],
      ['Design and Construction of a Detachment Building', "Conception et construction d'un bâtiment de détachement"],
    ],
    unspsc: [
      [
        '72121400',
        'Specialized public building construction services',
        'Services de construction spécialisée de bâtiments publics',
      ],
      ['81101500', 'Civil engineering', 'Génie civil'],
    ],
    scope: [
      [
        'architectural and engineering design to 100% construction documents',
        'la conception architecturale et technique jusqu’aux documents de construction à 100 %',
      ],
      [
        'construction of the facility to LEED Gold equivalent',
        'la construction de l’installation selon un niveau équivalent à LEED Or',
      ],
      [
        'commissioning, as-built drawings and operations manuals',
        'la mise en service, les dessins d’après exécution et les manuels d’exploitation',
      ],
    ],
  },
  {
    key: 'engineering',
    categories: ['SRV'],
    items: [
      ['Structural Engineering Services', "Services d'ingénierie des structures"],
      ['Bridge Inspection Services', "Services d'inspection de ponts"],
      ['Mechanical and Electrical Engineering Services', "Services d'ingénierie mécanique et électrique"],
    ],
    unspsc: [
      ['81101500', 'Civil engineering', 'Génie civil'],
      ['81101700', 'Electrical and electronic engineering', 'Génie électrique et électronique'],
    ],
    scope: [
      [
        'condition assessments and a prioritized repair plan',
        'des évaluations de l’état et un plan de réparation priorisé',
      ],
      [
        'preparation of drawings and specifications sealed by a professional engineer',
        'la préparation de dessins et de devis scellés par un ingénieur',
      ],
      ['cost estimates at each design stage', 'des estimations de coûts à chaque étape de la conception'],
      [
        'contract administration and site inspections during construction',
        'l’administration du contrat et des inspections de chantier pendant la construction',
      ],
    ],
  },
  {
    key: 'consulting',
    categories: ['SRV'],
    items: [
      ['Management Consulting Services', 'Services de conseils en gestion'],
      ['Program Evaluation Services', "Services d'évaluation de programmes"],
      ['Communications Consultant', 'Expert-conseil en communications'],
      ['Change Management Support', 'Soutien à la gestion du changement'],
    ],
    unspsc: [
      [
        '80101500',
        'Business and corporate management consultation services',
        "Services de conseil en gestion d'entreprise",
      ],
      ['80171505', 'Communication planning', 'Planification des communications'],
    ],
    scope: [
      [
        'a review of current processes and stakeholder interviews',
        'un examen des processus actuels et des entrevues avec les intervenants',
      ],
      [
        'an options analysis with costed recommendations',
        'une analyse des options assortie de recommandations chiffrées',
      ],
      [
        'facilitation of workshops in both official languages',
        'l’animation d’ateliers dans les deux langues officielles',
      ],
      [
        'a final report and a briefing to senior management',
        'un rapport final et une séance d’information à l’intention de la haute direction',
      ],
    ],
  },
  {
    key: 'janitorial',
    categories: ['SRV'],
    items: [
      ['Janitorial Services', 'Services de conciergerie'],
      ['Snow Removal and Grounds Maintenance', 'Déneigement et entretien des terrains'],
      ['Waste Management and Recycling Services', 'Services de gestion des déchets et de recyclage'],
    ],
    unspsc: [
      [
        '76111500',
        'General building and office cleaning and maintenance services',
        'Services généraux de nettoyage et d’entretien des bâtiments et bureaux',
      ],
      ['70111700', 'Parks and gardens and orchards', 'Parcs, jardins et vergers'],
    ],
    scope: [
      [
        'daily cleaning of offices, washrooms and common areas',
        'le nettoyage quotidien des bureaux, des toilettes et des aires communes',
      ],
      [
        'periodic floor care, carpet shampooing and window washing',
        'l’entretien périodique des planchers, le shampoing des tapis et le lavage des fenêtres',
      ],
      [
        'use of certified environmentally preferable cleaning products',
        'l’utilisation de produits de nettoyage certifiés écologiques',
      ],
      [
        'on-call service for emergencies outside regular hours',
        'un service sur appel en cas d’urgence en dehors des heures normales',
      ],
    ],
  },
  {
    key: 'medical',
    categories: ['GD'],
    items: [
      ['Medical Supplies', 'Fournitures médicales'],
      ['Personal Protective Equipment', 'Équipement de protection individuelle'],
      ['Laboratory Consumables', 'Consommables de laboratoire'],
      ['Automated External Defibrillators', 'Défibrillateurs externes automatisés'],
    ],
    unspsc: [
      ['42131600', 'Medical staff apparel and related items', 'Vêtements du personnel médical et articles connexes'],
      [
        '42172000',
        'Emergency medical services resuscitation products',
        'Produits de réanimation pour services médicaux d’urgence',
      ],
      ['41121500', 'Pipettes and liquid handling equipment', 'Pipettes et équipement de manipulation des liquides'],
    ],
    gsin: [
      'N6515',
      'Medical and Surgical Instruments, Equipment and Supplies',
      'Instruments, matériel et fournitures médicaux et chirurgicaux',
    ],
    scope: [
      [
        'supply and delivery to multiple sites on an as-and-when-requested basis',
        'la fourniture et la livraison à plusieurs emplacements au fur et à mesure des besoins',
      ],
      ['products licensed by Health Canada', 'des produits homologués par Santé Canada'],
      [
        'delivery within five business days of each call-up',
        'une livraison dans les cinq jours ouvrables suivant chaque commande subséquente',
      ],
      ['a minimum shelf life of 24 months at delivery', 'une durée de conservation minimale de 24 mois à la livraison'],
    ],
  },
  {
    key: 'vehicles',
    categories: ['GD'],
    items: [
      ['Light-Duty Pickup Trucks', 'Camionnettes légères'],
      ['All-Terrain Vehicles', 'Véhicules tout-terrain'],
      ['Electric Passenger Vehicles', 'Véhicules électriques de transport de passagers'],
    ],
    unspsc: [
      ['25101500', 'Passenger motor vehicles', 'Véhicules automobiles de transport de passagers'],
      ['25101700', 'Safety and rescue vehicles', 'Véhicules de sauvetage et de sécurité'],
    ],
    gsin: ['N2310', 'Passenger Motor Vehicles', 'Véhicules automobiles de transport de passagers'],
    scope: [
      [
        'supply and delivery of new vehicles with factory warranty',
        'la fourniture et la livraison de véhicules neufs avec garantie du fabricant',
      ],
      [
        'upfitting with emergency lighting and communications equipment',
        "l'aménagement avec des feux d'urgence et de l'équipement de communication",
      ],
      ['operator training at the delivery location', 'la formation des conducteurs au lieu de livraison'],
    ],
  },
  {
    key: 'fleet',
    categories: ['SRVTGD'],
    items: [
      ['Fleet Maintenance and Repair Services', "Services d'entretien et de réparation du parc de véhicules"],
      ['Maintenance of Laboratory Equipment', "Entretien de l'équipement de laboratoire"],
      ['Vessel Refit', 'Radoub de navire'],
    ],
    unspsc: [
      ['78180100', 'Vehicle maintenance and repair services', 'Services d’entretien et de réparation de véhicules'],
      ['81141500', 'Quality control', 'Contrôle de la qualité'],
    ],
    gsin: [
      'J025',
      'Maintenance, Repair and Rebuilding of Vehicles',
      'Entretien, réparation et remise à neuf de véhicules',
    ],
    scope: [
      [
        'preventive maintenance according to the manufacturer’s schedule',
        'l’entretien préventif selon le calendrier du fabricant',
      ],
      [
        'corrective repairs with original or equivalent parts',
        'des réparations correctives avec des pièces d’origine ou équivalentes',
      ],
      [
        'detailed work orders and a maintenance history for each asset',
        'des bons de travail détaillés et un historique d’entretien pour chaque bien',
      ],
    ],
  },
  {
    key: 'equipment',
    categories: ['GD', 'SRVTGD'],
    items: [
      [
        'Supply, Installation and Maintenance of X-Ray Scanners',
        "Fourniture, installation et entretien d'appareils à rayons X",
      ],
      ['Supply and Installation of Backup Generators', 'Fourniture et installation de génératrices de secours'],
    ],
    unspsc: [
      ['46170000', 'Security surveillance and detection', 'Sécurité, surveillance et détection'],
      ['26111600', 'Power generators', 'Génératrices'],
    ],
    scope: [
      [
        'supply, delivery and installation of the equipment',
        "la fourniture, la livraison et l'installation de l'équipement",
      ],
      [
        'user training and operating manuals in both official languages',
        "la formation des utilisateurs et des manuels d'exploitation dans les deux langues officielles",
      ],
      [
        'a three-year maintenance agreement after acceptance',
        "une entente d'entretien de trois ans après l'acceptation",
      ],
    ],
  },
  {
    key: 'translation',
    categories: ['SRV'],
    items: [
      ['Translation Services', 'Services de traduction'],
      ['Simultaneous Interpretation Services', "Services d'interprétation simultanée"],
      ['Editing and Revision Services', 'Services de révision et de correction'],
    ],
    unspsc: [['82111900', 'Translation services', 'Services de traduction']],
    scope: [
      [
        'translation from English to French and from French to English',
        "la traduction de l'anglais vers le français et du français vers l'anglais",
      ],
      ['a minimum capacity of 10,000 words per week', 'une capacité minimale de 10 000 mots par semaine'],
      [
        'use of the Government of Canada terminology database TERMIUM Plus',
        'l’utilisation de la banque de terminologie TERMIUM Plus du gouvernement du Canada',
      ],
    ],
  },
  {
    key: 'security',
    categories: ['SRV'],
    items: [
      ['Security Guard Services', 'Services de gardiennage'],
      ['Electronic Access Control System Maintenance', "Entretien du système de contrôle d'accès électronique"],
    ],
    unspsc: [
      ['92121500', 'Guard services', 'Services de gardiennage'],
      ['92121700', 'Security systems services', 'Services de systèmes de sécurité'],
    ],
    scope: [
      [
        'uniformed guards at building entrances 24 hours a day',
        'des gardiens en uniforme aux entrées du bâtiment 24 heures sur 24',
      ],
      [
        'patrols, alarm response and incident reports',
        "des rondes, l'intervention en cas d'alarme et des rapports d'incident",
      ],
      [
        'guards licensed in the province of work',
        'des gardiens titulaires d’un permis dans la province où les services sont rendus',
      ],
    ],
  },
  {
    key: 'environmental',
    categories: ['SRV'],
    items: [
      ['Phase II Environmental Site Assessment', 'Évaluation environnementale de site de phase II'],
      ['Contaminated Site Remediation', 'Assainissement de site contaminé'],
      ['Species at Risk Surveys', 'Relevés des espèces en péril'],
      ['Water Quality Monitoring', 'Surveillance de la qualité de l’eau'],
    ],
    unspsc: [
      ['77101600', 'Environmental planning', 'Planification environnementale'],
      ['77111600', 'Environmental rehabilitation', 'Réhabilitation de l’environnement'],
    ],
    scope: [
      [
        'sampling and laboratory analysis of soil and groundwater',
        'l’échantillonnage et l’analyse en laboratoire du sol et des eaux souterraines',
      ],
      [
        'a remedial action plan meeting federal guidelines',
        'un plan d’assainissement conforme aux lignes directrices fédérales',
      ],
      [
        'field work planned around migratory bird nesting periods',
        'des travaux sur le terrain planifiés en fonction des périodes de nidification des oiseaux migrateurs',
      ],
      ['engagement with local Indigenous communities', 'la mobilisation des communautés autochtones locales'],
    ],
  },
  {
    key: 'furniture',
    categories: ['GD'],
    items: [
      ['Office Furniture', 'Mobilier de bureau'],
      ['Ergonomic Seating', 'Sièges ergonomiques'],
      ['Work Surface Products', 'Produits pour les surfaces de travail'],
    ],
    unspsc: [['56101700', 'Office furniture', 'Mobilier de bureau']],
    scope: [
      [
        'supply, delivery and installation of furniture in occupied offices',
        'la fourniture, la livraison et l’installation de mobilier dans des bureaux occupés',
      ],
      ['products meeting BIFMA standards', 'des produits conformes aux normes de la BIFMA'],
      ['removal of packaging for recycling', 'l’enlèvement des emballages aux fins de recyclage'],
    ],
  },
  {
    key: 'training',
    categories: ['SRV'],
    items: [
      ['Leadership Training Services', 'Services de formation en leadership'],
      ['Second Language Training', 'Formation en langue seconde'],
      ['First Aid and CPR Training', 'Formation en secourisme et en RCR'],
    ],
    unspsc: [['86101700', 'Vocational training', 'Formation professionnelle']],
    scope: [
      [
        'virtual and in-person sessions for groups of up to 20 learners',
        'des séances virtuelles et en personne pour des groupes d’au plus 20 apprenants',
      ],
      [
        'course material adapted to the public service context',
        'du matériel de cours adapté au contexte de la fonction publique',
      ],
      ['progress reports and certificates of completion', 'des rapports d’étape et des certificats de réussite'],
    ],
  },
];

/** [English, French, weight] */
export const NOTICE_TYPES: ReadonlyArray<readonly [string, string, number]> = [
  ['Request for Proposal', 'Demande de propositions', 34],
  ['Request for Standing Offer', "Demande d'offre à commandes", 9],
  ['Request for Information', 'Demande de renseignements', 6],
  ['Advance Contract Award Notice', 'Préavis d’adjudication de contrat', 7],
  ['Not Applicable', 'Sans objet', 5],
  ['RFP against Supply Arrangement', "DP en vertu d'un arrangement en matière d'approvisionnement", 8],
  ['Request for Quotation', 'Demande de prix', 10],
  ['Invitation to Qualify', 'Invitation à se qualifier', 5],
  ['', '', 12],
];

export const METHODS = {
  open: ['Competitive - Open bidding', 'Concurrentielle - Invitation ouverte à soumissionner'],
  selective: ['Competitive - Selective tendering', "Concurrentielle - Appel d'offres sélectif"],
  acan: ['Advance contract award notice', "Préavis d'adjudication de contrat"],
} as const satisfies Record<string, Pair>;

export const SELECTION_CRITERIA: Pair[] = [
  ['Lowest Price', 'Prix le plus bas'],
  [
    'Highest Combined Rating of Technical Merit and Price',
    'Cote combinée la plus élevée pour le mérite technique et le prix',
  ],
  [
    'Highest Technical Merit within a Stipulated Maximum Budget',
    "Mérite technique le plus élevé dans les limites d'un budget maximal stipulé",
  ],
  ['Variations or combinations of the above methods', 'Variations ou combinaisons des méthodes susmentionnées'],
  ['Not applicable', 'Sans objet'],
];

export const LIMITED_TENDERING_REASONS: Pair[] = [
  ['Only one person is capable of performing the contract', 'Une seule personne est capable d’exécuter le marché'],
  [
    'Exclusive rights such as patents, copyrights or licences',
    'Droits exclusifs tels que brevets, droits d’auteur ou licences',
  ],
  ['Additional deliveries by the original supplier', 'Livraisons additionnelles par le fournisseur initial'],
];

export const TRADE_AGREEMENTS: Pair[] = [
  ['Canadian Free Trade Agreement (CFTA)', 'Accord de libre-échange canadien (ALEC)'],
  [
    'World Trade Organization Agreement on Government Procurement (WTO GPA)',
    "Accord sur les marchés publics de l'Organisation mondiale du commerce (AMP-OMC)",
  ],
  [
    'Canada-European Union Comprehensive Economic and Trade Agreement (CETA)',
    'Accord économique et commercial global (AECG) entre le Canada et l’Union européenne (UE)',
  ],
  [
    'Comprehensive and Progressive Agreement for Trans-Pacific Partnership (CPTPP)',
    'Accord de Partenariat transpacifique global et progressiste (PTPGP)',
  ],
  ['Canada-Chile Free Trade Agreement (CCFTA)', 'Accord de libre-échange Canada-Chili (ALECC)'],
  ['Canada-Korea Free Trade Agreement (CKFTA)', 'Accord de libre-échange Canada-Corée'],
  [
    'Canada-UK Trade Continuity Agreement (Canada-UK TCA)',
    'Accord de continuité commerciale Canada–Royaume-Uni (ACC Canada-Royaume-Uni)',
  ],
  ['Canada-Ukraine Free Trade Agreement (CUFTA)', 'Accord de libre-échange Canada-Ukraine (ALECU)'],
];
export const NO_TRADE_AGREEMENT: Pair = ['None', 'Aucun'];

export const OPPORTUNITY_REGIONS: Pair[] = [
  ['Canada', 'Canada'],
  ['World', 'Monde'],
  ['Unspecified', 'Non spécifiée'],
  ['National Capital Region (NCR)', 'Région de la capitale nationale (RCN)'],
];
export const NCR: Pair = ['National Capital Region (NCR)', 'Région de la capitale nationale (RCN)'];

/** [English, French, weight]: status as published. */
export const CURRENT_STATUSES: ReadonlyArray<readonly [string, string, number]> = [
  ['Open', 'Ouvert', 84],
  ['Closed', 'Fermé', 4],
  ['Cancelled', 'Annulé', 4],
  ['Awarded', 'Attribué', 4],
  ['Expired', 'Expiré', 4],
];
export const HISTORICAL_STATUSES: ReadonlyArray<readonly [string, string, number]> = [
  ['Expired', 'Expiré', 50],
  ['Awarded', 'Attribué', 25],
  ['Closed', 'Fermé', 15],
  ['Cancelled', 'Annulé', 10],
];

export const MANDATORY: Pair[] = [
  [
    'The Contractor must hold a valid Designated Organization Screening (DOS) issued by the Contract Security Program of Public Services and Procurement Canada.',
    'L’entrepreneur doit détenir une vérification d’organisation désignée (VOD) valide, délivrée par le Programme de sécurité des contrats de Services publics et Approvisionnement Canada.',
  ],
  [
    'All personnel performing the work must hold a valid Reliability Status security clearance.',
    'Tout le personnel qui exécute les travaux doit détenir une cote de fiabilité valide.',
  ],
  [
    'The Contractor shall maintain commercial general liability insurance for the duration of the contract.',
    'L’entrepreneur doit maintenir une assurance de responsabilité civile commerciale pendant toute la durée du contrat.',
  ],
  [
    'A bid bond and a performance bond are required; bonding requirements are described in the bid solicitation.',
    'Un cautionnement de soumission et un cautionnement d’exécution sont exigés; les exigences sont décrites dans la demande de soumissions.',
  ],
  [
    'A mandatory site visit will be held. Bidders who do not attend the site visit will not be given the opportunity to submit a bid.',
    'Une visite obligatoire des lieux aura lieu. Les soumissionnaires qui n’y assistent pas ne pourront pas présenter de soumission.',
  ],
  [
    'Bidders must demonstrate a minimum of five (5) years of experience providing similar services in the last ten (10) years.',
    'Les soumissionnaires doivent démontrer au moins cinq (5) années d’expérience dans la prestation de services semblables au cours des dix (10) dernières années.',
  ],
  [
    'The Contractor shall hold a valid Certificate of Recognition (COR) or an equivalent health and safety certification.',
    'L’entrepreneur doit détenir un certificat de reconnaissance (COR) valide ou une certification équivalente en santé et sécurité.',
  ],
];

export const BOILERPLATE: Pair[] = [
  [
    'Security requirement: There is a security requirement associated with this requirement. For additional information, consult the bid solicitation documents.',
    'Exigences relatives à la sécurité : Ce besoin comporte des exigences relatives à la sécurité. Pour de plus amples renseignements, consulter les documents de demande de soumissions.',
  ],
  [
    'Bids may be submitted in either official language of Canada.',
    "Les soumissions peuvent être présentées dans l'une ou l'autre des langues officielles du Canada.",
  ],
  [
    'The Crown retains the right to negotiate with any supplier on any procurement.',
    "L'État se réserve le droit de négocier avec tout fournisseur dans le cadre de tout marché.",
  ],
  [
    "Bidders are requested to submit their bids electronically using the Canada Post Corporation's Connect service.",
    'Les soumissionnaires doivent transmettre leur soumission par voie électronique au moyen du service Connexion de la Société canadienne des postes.',
  ],
  [
    'This requirement is subject to a preference for Canadian goods and/or services.',
    'Ce besoin est assujetti à la préférence accordée aux produits et/ou services canadiens.',
  ],
  [
    'The evaluation will be based on the mandatory and point-rated technical criteria described in the bid solicitation.',
    "L'évaluation sera fondée sur les critères techniques obligatoires et cotés décrits dans la demande de soumissions.",
  ],
  [
    'Indigenous businesses are encouraged to participate in this procurement.',
    "Les entreprises autochtones sont encouragées à participer à ce processus d'approvisionnement.",
  ],
  [
    'The Integrity Regime of the Government of Canada applies to this procurement.',
    "Le Régime d'intégrité du gouvernement du Canada s'applique à ce processus.",
  ],
  [
    'Questions regarding this solicitation must be submitted in writing to the Contracting Authority no later than seven (7) calendar days before the closing date.',
    "Les questions concernant la présente demande de soumissions doivent être présentées par écrit à l'autorité contractante au plus tard sept (7) jours civils avant la date de clôture.",
  ],
  [
    'Deliverables include a final report in both official languages.',
    'Les produits livrables comprennent un rapport final dans les deux langues officielles.',
  ],
  [
    "The Contractor will be required to comply with the Government of Canada's environmental and accessibility requirements.",
    "L'entrepreneur devra se conformer aux exigences du gouvernement du Canada en matière d'environnement et d'accessibilité.",
  ],
  [
    'Any resulting contract will be subject to the general conditions of the Standard Acquisition Clauses and Conditions (SACC) Manual.',
    "Tout contrat subséquent sera assujetti aux conditions générales du guide des clauses et conditions uniformisées d'achat (CCUA).",
  ],
  [
    'Debriefings: Bidders may request a debriefing on the results of the bid solicitation process within 15 working days of receipt of the results.',
    'Comptes rendus : Les soumissionnaires peuvent demander un compte rendu des résultats du processus de demande de soumissions dans les 15 jours ouvrables suivant la réception des résultats.',
  ],
  [
    'Proposed resources must be available to start work within ten (10) working days of contract award.',
    "Les ressources proposées doivent être disponibles pour commencer les travaux dans les dix (10) jours ouvrables suivant l'attribution du contrat.",
  ],
  [
    'Bid documents are available for download from the CanadaBuys tender notice page. Amendments will be published on the same page and it is the responsibility of bidders to check for them.',
    "Les documents de soumission peuvent être téléchargés à partir de la page de l'avis d'appel d'offres d'AchatsCanada. Les modifications seront publiées sur la même page et il incombe aux soumissionnaires d'en prendre connaissance.",
  ],
  [
    'The Contractor must comply with the Code of Conduct for Procurement and the Policy on Green Procurement.',
    "L'entrepreneur doit se conformer au Code de conduite pour l'approvisionnement et à la Politique d'achats écologiques.",
  ],
];
