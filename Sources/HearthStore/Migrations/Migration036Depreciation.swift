extension Migration {
    /// Depreciation, for actual cash values: each category's useful life in years (none: its items
    /// keep their value) and floor in percent; an item's own rule where it differs (a floor set
    /// means it has one; then no useful life means it keeps its value). Categories named as a new
    /// household's are given the useful lives adjusters' tables give them (written out here, as
    /// they were when this landed); the others keep their value until someone sets one.
    static let depreciation = Migration(number: 36, name: "depreciation", statements: [
        "ALTER TABLE inventory_groups ADD COLUMN useful_life_years INTEGER",
        "ALTER TABLE inventory_groups ADD COLUMN depreciation_floor INTEGER",
        "ALTER TABLE inventory_items ADD COLUMN useful_life_years INTEGER",
        "ALTER TABLE inventory_items ADD COLUMN depreciation_floor INTEGER",
        """
        UPDATE inventory_groups SET depreciation_floor = 20, useful_life_years = CASE name_key
            WHEN 'electronics' THEN 5 WHEN 'appliances' THEN 10 WHEN 'furniture' THEN 12 WHEN 'clothing' THEN 3
            WHEN 'tools' THEN 10 WHEN 'sports & outdoors' THEN 7 WHEN 'kitchenware' THEN 8 WHEN 'books & media' THEN 10
            WHEN 'musical instruments' THEN 15 END
        WHERE kind = 'category'
        """,
    ])
}
