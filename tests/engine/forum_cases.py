"""Answers worked by hand for the forum posts (tests/engine/test_forum.py): each input, why its
numbers are what they are (rulebook v4.01d), and the rows a reader must see in its tables.

Faces (data/dice): Amazon Warrior (health 2) and Soldier (health 1) show "2 melee"; Coral Elf
Fighter (health 1) shows "1 id"; Coral Elf Enchanter (health 3) "3 magic"; Amazon Runner (health 1)
"2 maneuver"; Coral Elf Trooper (health 2) "2 id"."""
from __future__ import annotations

LINK = "https://dragondice.example/calculator/#s=1.eyJ9"

# A melee roll of one Warrior showing 2 melee icons at Highland: 2 melee results at step 5 (p.27),
# nothing changes them in steps 6-10, so the total is 2 melee.
ROLL = {"roll": "melee", "terrain": "highland", "army": [{"die": "amazons/warrior", "rolled": "2 melee"}], "seed": 1}
ROLL_STEPS = [["1. Roll", "Warrior: rolled 2 Melee", ""],
              ["2. Delayed SAIs", "not a save roll against an attack", ""],
              ["3. Re-rolls", "no re-rolls", ""],
              ["4. Apply SAIs", "no SAIs rolled", ""],
              ["5. Subtotal", "Warrior: 2 melee (normal icons)", "2 melee"],
              ["6. Subtract", "no subtracting modifiers", "2 melee"],
              ["7. Divide", "no dividing modifiers", "2 melee"],
              ["8. Add SAI results", "no SAI-generated results", "2 melee"],
              ["9. Multiply", "no multiplying modifiers", "2 melee"],
              ["10. Add and total", "no adding modifiers", "2 melee"]]

# A magic roll of one Coral Elf Enchanter showing 3 magic at Coastland: 3 magic results of the
# unit's elements, air or water (Coral Elves, p.44; magic results are of the unit's elements, p.11).
# They pay for the air, water and Elemental spells costing 3 or less that any species or the Coral
# Elves may cast (p.59 and the spell lists): Blizzard (3, Coral Elves), Hailstorm (2), Watery Double
# (2), Resurrect Dead (3), Summon Dragonkin (3); each once alone (3 // 2 = 1). Hailstorm cast: 2 air
# paid by the Enchanter, 1 result left unspent.
MAGIC = {"roll": "magic", "terrain": "coastland", "army": [{"die": "coral-elves/enchanter", "rolled": "3 magic"}],
         "cast": [{"spell": "hailstorm"}], "seed": 1}
MAGIC_STEPS = [["1. Roll", "Enchanter: rolled 3 Magic", ""],
               ["2. Delayed SAIs", "not a save roll against an attack", ""],
               ["3. Re-rolls", "no re-rolls", ""],
               ["4. Apply SAIs", "no SAIs rolled", ""],
               ["5. Subtotal", "Enchanter: 3 magic (normal icons)", "3 magic"],
               ["6. Subtract", "no subtracting modifiers", "3 magic"],
               ["7. Divide", "no dividing modifiers", "3 magic"],
               ["8. Add SAI results", "no SAI-generated results", "3 magic"],
               ["9. Multiply", "no multiplying modifiers", "3 magic"],
               ["10. Add and total", "no adding modifiers", "3 magic"]]
MAGIC_POOLS = [["Coral Elves", "Air, Water", "3"]]
MAGIC_CASTABLE = [["Blizzard", "3", "1"], ["Hailstorm", "2", "1"], ["Watery Double", "2", "1"],
                  ["Resurrect Dead", "3", "1"], ["Summon Dragonkin", "3", "1"]]
MAGIC_CAST = [["Hailstorm", "1", "2", "2 air (unit 1)"]]

# A melee attack at Highland: the Soldier's 2 melee against the Fighter's ID (1 save in a save roll,
# p.27): 2 - 1 = 1 damage kills the Fighter (health 1, p.11), so there is no counter-attack.
EXCHANGE = {"attack": "melee", "terrain": "highland", "seed": 1,
            "attacker": {"army": [{"die": "amazons/soldier", "rolled": {"attack": "2 melee"}}]},
            "defender": {"army": [{"die": "coral-elves/fighter", "rolled": {"save": "1 id"}}]}}
EXCHANGE_SUMMARY = [["Attack results", "2"], ["Saves against the attack", "1"], ["Damage to the defender", "1"],
                    ["Counter-attack results", "0"], ["Saves against the counter-attack", "0"],
                    ["Damage to the attacker from the counter-attack", "0"],
                    ["Damage to the attacker from the defender's save roll", "0"],
                    ["Damage to the defender from the attacker's save roll", "0"]]
EXCHANGE_ROLLS = [["Attack", "Attacking army", "Soldier: rolled 2 Melee", "2 melee"],
                  ["Save roll", "Defending army", "Fighter: rolled 1 ID", "1 save"]]
EXCHANGE_LOST = [["Defending army", "Fighter", "1", "killed by the damage of the attack"]]

# Its odds with the Fighter's save left to chance: of its six faces only the ID saves (1 save, p.27),
# so 1 damage with 1/6 (16.7%) and 2 with 5/6 (83.3%); at least 1: 100%, at least 2: 83.3%. Mean
# 1/6 + 10/6 = 11/6 = 1.83; variance (1 + 20)/6 - (11/6)^2 = 5/36, sd 0.37. Either way the Fighter
# (health 1) dies, so it never counter-attacks (p.11): the attacker takes 0 damage, loses 0 health.
ODDS = {"attack": "melee", "terrain": "highland",
        "attacker": {"army": [{"die": "amazons/soldier", "rolled": {"attack": "2 melee"}}]},
        "defender": {"army": [{"die": "coral-elves/fighter"}]}}
ODDS_TABLES = [[["1", "16.7%", "100.0%"], ["2", "83.3%", "83.3%"]],
               [["1", "100.0%", "100.0%"]],
               [["0", "100.0%", "100.0%"]],
               [["0", "100.0%", "100.0%"]]]

# A maneuver at a Coastland Tower on face 7, turning up: the Runner's 2 maneuver against the
# Trooper's ID (2 maneuver results, its health, p.27). A tie goes to the maneuvering army (p.11):
# the die turns to 8, the Tower, which the maneuvering army captures (p.15).
MANEUVER = {"terrain": {"die": "coastland-tower", "face": 7},
            "maneuvering": {"army": [{"die": "amazons/runner", "rolled": "2 maneuver"}]},
            "opposing": [{"army": [{"die": "coral-elves/trooper", "rolled": "id"}]}], "direction": "up", "seed": 1}
MANEUVER_ROLLS = [["Maneuver roll", "Maneuvering army", "Runner: rolled 2 Maneuver", "2 maneuver"],
                  ["Counter-maneuver roll", "Opposing army 1", "Trooper: rolled 2 ID", "2 maneuver"]]

# A Red Drake showing Claws (6 damage, p.17) attacks a Warrior whose ID (2 results, its health)
# the calculator counts as saves: 6 - 2 = 4 damage, the Warrior (health 2) dies.
DRAGON = {"attack": "dragon", "terrain": "highland", "seed": 1,
          "attacker": {"dragons": [{"die": "red-drake", "rolled": {"dragon": "claws"}}]},
          "defender": {"army": [{"die": "amazons/warrior", "rolled": {"response": "id"}}]}}
DRAGON_ROWS = [["Red Drake", "Claws (6)", "6", "The Red Drake attacks the army", "attacked"]]
DRAGON_SUMMARY = [["Damage from the dragons' faces", "6"], ["Health-worth killed by breath", "0"],
                  ["Saves in the response", "2"], ["Melee results in the response", "0"],
                  ["Missile results in the response", "0"], ["Damage to the army after its saves", "4"],
                  ["Dragons killed", "0"]]
# Its odds with every face as given: certain, 4 damage, 2 health-worth lost, no dragon killed.
DRAGON_ODDS_TABLES = [[["4", "100.0%", "100.0%"]], [["2", "100.0%", "100.0%"]], [["0", "100.0%", "100.0%"]]]

# A 24-point force (the README's): a unit costs its health, an item its size (p.8, p.62): home 4 + 3
# + 1 = 8, horde 4 + 2 + 1 + 2 = 9, campaign 3 + 2 + 1 + 1 = 7; 24 in all, no army over half (12).
FORCE = {"size": 24, "terrains": {"home": "coastland-city", "frontier": "flatland-castle"},
         "armies": {"home": ["coral-elves/gryphon", "coral-elves/sharpshooter", "items/water-flicker-foil"],
                    "horde": ["amazons/centaur", "amazons/javelineer", "amazons/soldier", "items/fire-vorpal-sword"],
                    "campaign": ["undead/mummy", "undead/revenant", "undead/wraith", "undead/wraith"]},
         "summoning_pool": ["red-drake"]}
FORCE_ROWS = [["Home army", "Gryphon (Coral Elves)", "4"], ["", "Sharpshooter (Coral Elves)", "3"],
              ["", "Water Flicker Foil", "1"], ["", "Home army: total", "8"],
              ["Horde army", "Centaur (Amazons)", "4"], ["", "Javelineer (Amazons)", "2"],
              ["", "Soldier (Amazons)", "1"], ["", "Fire Vorpal Sword", "2"], ["", "Horde army: total", "9"],
              ["Campaign army", "Mummy (Undead)", "3"], ["", "Revenant (Undead)", "2"],
              ["", "Wraith (Undead)", "1"], ["", "Wraith (Undead)", "1"], ["", "Campaign army: total", "7"]]

# A game (the game command's README's setup) two moves in. Alice's Campaign army maneuvers up at the
# Frontier Terrain (Coastland City, face 6): Soldier 1 maneuver + Runner 2 maneuver = 3 against the
# two Thugs' IDs, 1 maneuver result each (their health, p.27) = 2; 3 beats 2, so the die turns up to
# face 7, Melee on a Coastland City (p.11). Then it attacks Bob's Campaign army in melee: Soldier 2
# melee + Runner 1 melee = 3; the Thugs roll a melee and a maneuver face, 0 saves (p.11): 3 damage,
# both Thugs (health 1 each) die and go to Bob's Dead Unit Area (p.11), so there is no army left to
# counter-attack. It is still alice's first turn, now in its Second March phase (p.11). Nobody holds
# an eighth face; no spell is in force; Alice's Summoning Pool is as set up (Red Drake, Deadland
# Village).
GAME = {"setup": {"size": 24, "frontier": "alice", "first": "alice", "faces": {"alice": 2, "bob": 3, "frontier": 6},
                  "players": [{"name": "alice", "terrains": {"home": "highland-tower", "frontier": "coastland-city"},
                               "armies": {"home": ["amazons/seer"], "horde": ["amazons/darter"],
                                          "campaign": ["amazons/soldier", "amazons/runner"]},
                               "summoning_pool": ["red-drake", "deadland-village"]},
                              {"name": "bob", "terrains": {"home": "flatland-tower", "frontier": "swampland-city"},
                               "armies": {"home": ["goblins/thug"], "horde": ["goblins/thug"],
                                          "campaign": ["goblins/thug", "goblins/thug"]}}]},
        "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up",
                   "faces": {"alice.campaign.1": "1 maneuver", "alice.campaign.2": "2 maneuver",
                             "bob.campaign": ["id", "id"]}},
                  {"move": "melee", "army": "alice.campaign", "target": "bob.campaign",
                   "faces": {"alice.campaign.1": {"attack": "2 melee"}, "alice.campaign.2": {"attack": "1 melee"},
                             "bob.campaign.1": {"save": "1 melee"}, "bob.campaign.2": {"save": "1 maneuver"}},
                   "casualties": {"attack": ["bob.campaign.1", "bob.campaign.2"]}}]}
GAME_TERRAINS = [["alice's Home Terrain", "Highland Tower", "2 (Magic)", "nobody", "none"],
                 ["bob's Home Terrain", "Flatland Tower", "3 (Missile)", "nobody", "none"],
                 ["the Frontier Terrain", "Coastland City", "7 (Melee)", "nobody", "none"]]
GAME_ARMIES = [["alice's Campaign army", "the Frontier Terrain", "Soldier (Amazons), Runner (Amazons)"],
               ["alice's Home army", "alice's Home Terrain", "Seer (Amazons)"],
               ["alice's Horde army", "bob's Home Terrain", "Darter (Amazons)"],
               ["bob's Home army", "bob's Home Terrain", "Thug (Goblins)"],
               ["bob's Horde army", "alice's Home Terrain", "Thug (Goblins)"]]
GAME_AREAS = [["alice", "none", "none", "none", "Red Drake, Deadland Village"],
              ["bob", "Thug (Goblins), Thug (Goblins)", "none", "none", "none"]]

# Advice for one Amazon Soldier holding a Coastland City at its eighth face (any action, p.15; its
# ID results doubled, p.15) against one Goblin Thug there. Soldier faces: ID 1, save 1, melee 1,
# melee 1, maneuver 1, melee 2; Thug faces: ID 1, save 1, melee 1, melee 1, maneuver 1, melee 2
# (both health 1; an ID counts as results equal to its health, p.27).
# - Maneuver (only down from 8, p.15): Soldier 2 (ID doubled) 1/6, 1 (maneuver) 1/6, else 0; Thug 1
#   with 2/6 (ID, maneuver), else 0. A tie goes to the maneuvering army (p.11): 4/6 + 2/6 * 2/6 =
#   28/36 = 77.8%.
# - Melee: attack 0, 1, 2 with 2/6 each (ID doubled is 2; melee 1, 1, 2); Thug saves 1 with 2/6.
#   Damage >= 1: 2/6*4/6 + 2/6*4/6 + 2/6*2/6 = 20/36 = 55.6% (kills the Thug); mean (8*1 + 8*2 +
#   4*1)/36 = 28/36 = 0.78. The Thug survives with 16/36 and counter-attacks: 0, 1, 2 with 2/6, 3/6,
#   1/6 (its ID is 1); the Soldier saves 2 (ID doubled) 1/6, 1 (save) 1/6, 0 4/6; the Soldier dies
#   when the counter does >= 1 damage: 3/6*4/6 + 1/6*4/6 + 1/6*1/6 = 17/36; 16/36 * 17/36 = 272/1296
#   = 0.21 health lost on average.
# - Missile: only the ID (2 missile, doubled) shoots, 1/6; the Thug saves 1 with 2/6: damage 2 with
#   1/6*4/6 = 4/36, 1 with 2/36: kills with 6/36 = 16.7%, mean 10/36 = 0.28; no counter, 0 lost.
# - Magic: only the ID (2 magic, doubled), 1/6: mean 2/6 = 0.33.
ADVISE = {"terrain": {"die": "coastland-city", "face": 8, "controller": "army"},
          "army": {"name": "alice.campaign", "army": [{"die": "amazons/soldier"}]},
          "opposing": [{"name": "bob.campaign", "army": [{"die": "goblins/thug"}]}]}
ADVISE_ROWS = [["Maneuver down", "77.8%", "", "", "", ""],
               ["Melee at bob's Campaign army", "", "0.78", "55.6%", "0.21", ""],
               ["Missile at bob's Campaign army", "", "0.28", "16.7%", "0.00", ""],
               ["Magic", "", "", "", "", "0.33"]]

# The roll Firebolt calls for (the spell lists, p.44: fire, 3, Dwarves; one opposing unit takes 1
# damage and rolls alone to save, p.29): a Goblin Thug (health 1; faces ID, 1 save, 1 melee, 1 melee,
# 1 maneuver, 2 melee) shows 1 melee: no save result (melee does not count in a save roll), so the
# 1 damage stays and the Thug, of health 1, is killed. Before the roll, 2 of its 6 faces save (1 save,
# and its ID: as many saves as its health, 1): damage 0 with 2/6 = 33.3%, 1 with 4/6 = 66.7%, killed 66.7%.
SPELL_ROLL = {"roll": "individual", "spell": "firebolt", "against": "magic", "terrain": "highland", "seed": 1,
              "army": [{"die": "goblins/thug", "rolled": "1 melee"}]}
SPELL_ROLL_STEPS = [["1. Roll", "Thug: rolled 1 Melee", ""],
                    ["2. Delayed SAIs", "not a save roll against an attack", ""],
                    ["3. Re-rolls", "no re-rolls", ""],
                    ["4. Apply SAIs", "no SAIs rolled", ""],
                    ["5. Subtotal", "Thug: 1 melee: not counted in a individual roll for save against magic", "0 save"],
                    ["6. Subtract", "no subtracting modifiers", "0 save"],
                    ["7. Divide", "no dividing modifiers", "0 save"],
                    ["8. Add SAI results", "no SAI-generated results", "0 save"],
                    ["9. Multiply", "no multiplying modifiers", "0 save"],
                    ["10. Add and total", "no adding modifiers", "0 save"]]
SPELL_ROLL_ODDS = [["Damage left after the roll", "0: 33.3%, 1: 66.7%"], ["The unit is killed", "66.7%"]]
