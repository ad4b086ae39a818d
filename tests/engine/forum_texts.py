"""The posts of tests/engine/forum_cases.py, written out by hand in each format."""
# flake8: noqa: E501

ROLL = {
    "text": """\
Melee roll at Highland

Total: 2 melee

DIE ROLL RESOLUTION, STEP BY STEP

Step               | What happened                     | Subtotal
-------------------+-----------------------------------+---------
1. Roll            | Warrior: rolled 2 Melee           |
2. Delayed SAIs    | not a save roll against an attack |
3. Re-rolls        | no re-rolls                       |
4. Apply SAIs      | no SAIs rolled                    |
5. Subtotal        | Warrior: 2 melee (normal icons)   | 2 melee
6. Subtract        | no subtracting modifiers          | 2 melee
7. Divide          | no dividing modifiers             | 2 melee
8. Add SAI results | no SAI-generated results          | 2 melee
9. Multiply        | no multiplying modifiers          | 2 melee
10. Add and total  | no adding modifiers               | 2 melee

Open this roll in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": """\
[b]Melee roll at Highland[/b]

Total: 2 melee

[b]Die Roll Resolution, step by step[/b]

[table][tr][td][b]Step[/b][/td][td][b]What happened[/b][/td][td][b]Subtotal[/b][/td][/tr]\
[tr][td]1. Roll[/td][td]Warrior: rolled 2 Melee[/td][td][/td][/tr]\
[tr][td]2. Delayed SAIs[/td][td]not a save roll against an attack[/td][td][/td][/tr]\
[tr][td]3. Re-rolls[/td][td]no re-rolls[/td][td][/td][/tr]\
[tr][td]4. Apply SAIs[/td][td]no SAIs rolled[/td][td][/td][/tr]\
[tr][td]5. Subtotal[/td][td]Warrior: 2 melee (normal icons)[/td][td]2 melee[/td][/tr]\
[tr][td]6. Subtract[/td][td]no subtracting modifiers[/td][td]2 melee[/td][/tr]\
[tr][td]7. Divide[/td][td]no dividing modifiers[/td][td]2 melee[/td][/tr]\
[tr][td]8. Add SAI results[/td][td]no SAI-generated results[/td][td]2 melee[/td][/tr]\
[tr][td]9. Multiply[/td][td]no multiplying modifiers[/td][td]2 melee[/td][/tr]\
[tr][td]10. Add and total[/td][td]no adding modifiers[/td][td]2 melee[/td][/tr][/table]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this roll in the calculator[/url]
""",
    "markdown": """\
**Melee roll at Highland**

Total: 2 melee

**Die Roll Resolution, step by step**

| Step | What happened | Subtotal |
| --- | --- | --- |
| 1. Roll | Warrior: rolled 2 Melee |   |
| 2. Delayed SAIs | not a save roll against an attack |   |
| 3. Re-rolls | no re-rolls |   |
| 4. Apply SAIs | no SAIs rolled |   |
| 5. Subtotal | Warrior: 2 melee (normal icons) | 2 melee |
| 6. Subtract | no subtracting modifiers | 2 melee |
| 7. Divide | no dividing modifiers | 2 melee |
| 8. Add SAI results | no SAI-generated results | 2 melee |
| 9. Multiply | no multiplying modifiers | 2 melee |
| 10. Add and total | no adding modifiers | 2 melee |

[Open this roll in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_MAGIC_STEPS_TEXT = """\
Step               | What happened                     | Subtotal
-------------------+-----------------------------------+---------
1. Roll            | Enchanter: rolled 3 Magic         |
2. Delayed SAIs    | not a save roll against an attack |
3. Re-rolls        | no re-rolls                       |
4. Apply SAIs      | no SAIs rolled                    |
5. Subtotal        | Enchanter: 3 magic (normal icons) | 3 magic
6. Subtract        | no subtracting modifiers          | 3 magic
7. Divide          | no dividing modifiers             | 3 magic
8. Add SAI results | no SAI-generated results          | 3 magic
9. Multiply        | no multiplying modifiers          | 3 magic
10. Add and total  | no adding modifiers               | 3 magic"""
_LEFT = ("The calculator works out what these spells cost, not what they do: resolve their effects yourself "
         "(Resurrect Dead, Summon Dragonkin).")  # Blizzard and Watery Double are roll modifiers it knows;
# Hailstorm's damage is a save roll it resolves (p.44: the cast list names it in cast.rolls)

MAGIC = {
    "text": f"""\
Magic roll at Coastland

Total: 3 magic

DIE ROLL RESOLUTION, STEP BY STEP

{_MAGIC_STEPS_TEXT}

MAGIC TO SPEND: 3 RESULTS

Species     | Elements   | Results
------------+------------+--------
Coral Elves | Air, Water | 3

SPELLS THESE RESULTS PAY FOR

Spell            | Cost | Most castings
-----------------+------+--------------
Blizzard         | 3    | 1
Hailstorm        | 2    | 1
Watery Double    | 2    | 1
Resurrect Dead   | 3    | 1
Summon Dragonkin | 3    | 1

THE SPELLS CAST: PAID FOR

Spell     | Times | Cost | Paid by
----------+-------+------+---------------
Hailstorm | 1     | 2    | 2 air (unit 1)

Results left unspent (lost): 1

{_LEFT}

Open this roll in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]Magic roll at Coastland[/b]

Total: 3 magic

[b]Die Roll Resolution, step by step[/b]

[table][tr][td][b]Step[/b][/td][td][b]What happened[/b][/td][td][b]Subtotal[/b][/td][/tr]\
[tr][td]1. Roll[/td][td]Enchanter: rolled 3 Magic[/td][td][/td][/tr]\
[tr][td]2. Delayed SAIs[/td][td]not a save roll against an attack[/td][td][/td][/tr]\
[tr][td]3. Re-rolls[/td][td]no re-rolls[/td][td][/td][/tr]\
[tr][td]4. Apply SAIs[/td][td]no SAIs rolled[/td][td][/td][/tr]\
[tr][td]5. Subtotal[/td][td]Enchanter: 3 magic (normal icons)[/td][td]3 magic[/td][/tr]\
[tr][td]6. Subtract[/td][td]no subtracting modifiers[/td][td]3 magic[/td][/tr]\
[tr][td]7. Divide[/td][td]no dividing modifiers[/td][td]3 magic[/td][/tr]\
[tr][td]8. Add SAI results[/td][td]no SAI-generated results[/td][td]3 magic[/td][/tr]\
[tr][td]9. Multiply[/td][td]no multiplying modifiers[/td][td]3 magic[/td][/tr]\
[tr][td]10. Add and total[/td][td]no adding modifiers[/td][td]3 magic[/td][/tr][/table]

[b]Magic to spend: 3 results[/b]

[table][tr][td][b]Species[/b][/td][td][b]Elements[/b][/td][td][b]Results[/b][/td][/tr]\
[tr][td]Coral Elves[/td][td]Air, Water[/td][td]3[/td][/tr][/table]

[b]Spells these results pay for[/b]

[table][tr][td][b]Spell[/b][/td][td][b]Cost[/b][/td][td][b]Most castings[/b][/td][/tr]\
[tr][td]Blizzard[/td][td]3[/td][td]1[/td][/tr]\
[tr][td]Hailstorm[/td][td]2[/td][td]1[/td][/tr]\
[tr][td]Watery Double[/td][td]2[/td][td]1[/td][/tr]\
[tr][td]Resurrect Dead[/td][td]3[/td][td]1[/td][/tr]\
[tr][td]Summon Dragonkin[/td][td]3[/td][td]1[/td][/tr][/table]

[b]The spells cast: paid for[/b]

[table][tr][td][b]Spell[/b][/td][td][b]Times[/b][/td][td][b]Cost[/b][/td][td][b]Paid by[/b][/td][/tr]\
[tr][td]Hailstorm[/td][td]1[/td][td]2[/td][td]2 air (unit 1)[/td][/tr][/table]

Results left unspent (lost): 1

{_LEFT}

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this roll in the calculator[/url]
""",
    "markdown": f"""\
**Magic roll at Coastland**

Total: 3 magic

**Die Roll Resolution, step by step**

| Step | What happened | Subtotal |
| --- | --- | --- |
| 1. Roll | Enchanter: rolled 3 Magic |   |
| 2. Delayed SAIs | not a save roll against an attack |   |
| 3. Re-rolls | no re-rolls |   |
| 4. Apply SAIs | no SAIs rolled |   |
| 5. Subtotal | Enchanter: 3 magic (normal icons) | 3 magic |
| 6. Subtract | no subtracting modifiers | 3 magic |
| 7. Divide | no dividing modifiers | 3 magic |
| 8. Add SAI results | no SAI-generated results | 3 magic |
| 9. Multiply | no multiplying modifiers | 3 magic |
| 10. Add and total | no adding modifiers | 3 magic |

**Magic to spend: 3 results**

| Species | Elements | Results |
| --- | --- | --- |
| Coral Elves | Air, Water | 3 |

**Spells these results pay for**

| Spell | Cost | Most castings |
| --- | --- | --- |
| Blizzard | 3 | 1 |
| Hailstorm | 2 | 1 |
| Watery Double | 2 | 1 |
| Resurrect Dead | 3 | 1 |
| Summon Dragonkin | 3 | 1 |

**The spells cast: paid for**

| Spell | Times | Cost | Paid by |
| --- | --- | --- | --- |
| Hailstorm | 1 | 2 | 2 air (unit 1) |

Results left unspent (lost): 1

{_LEFT}

[Open this roll in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

EXCHANGE = {
    "text": """\
Melee attack at Highland

What                                                 | Amount
-----------------------------------------------------+-------
Attack results                                       | 2
Saves against the attack                             | 1
Damage to the defender                               | 1
Counter-attack results                               | 0
Saves against the counter-attack                     | 0
Damage to the attacker from the counter-attack       | 0
Damage to the attacker from the defender's save roll | 0
Damage to the defender from the attacker's save roll | 0

THE ROLLS

Roll      | Army           | Faces rolled            | Total
----------+----------------+-------------------------+--------
Attack    | Attacking army | Soldier: rolled 2 Melee | 2 melee
Save roll | Defending army | Fighter: rolled 1 ID    | 1 save

DAMAGE

- 2 melee − 1 saves = 1 damage: Fighter (health 1) dies

UNITS LOST

Army           | Unit    | Health | Why
---------------+---------+--------+-----------------------------------
Defending army | Fighter | 1      | killed by the damage of the attack

Open this exchange in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": """\
[b]Melee attack at Highland[/b]

[table][tr][td][b]What[/b][/td][td][b]Amount[/b][/td][/tr]\
[tr][td]Attack results[/td][td]2[/td][/tr]\
[tr][td]Saves against the attack[/td][td]1[/td][/tr]\
[tr][td]Damage to the defender[/td][td]1[/td][/tr]\
[tr][td]Counter-attack results[/td][td]0[/td][/tr]\
[tr][td]Saves against the counter-attack[/td][td]0[/td][/tr]\
[tr][td]Damage to the attacker from the counter-attack[/td][td]0[/td][/tr]\
[tr][td]Damage to the attacker from the defender's save roll[/td][td]0[/td][/tr]\
[tr][td]Damage to the defender from the attacker's save roll[/td][td]0[/td][/tr][/table]

[b]The rolls[/b]

[table][tr][td][b]Roll[/b][/td][td][b]Army[/b][/td][td][b]Faces rolled[/b][/td][td][b]Total[/b][/td][/tr]\
[tr][td]Attack[/td][td]Attacking army[/td][td]Soldier: rolled 2 Melee[/td][td]2 melee[/td][/tr]\
[tr][td]Save roll[/td][td]Defending army[/td][td]Fighter: rolled 1 ID[/td][td]1 save[/td][/tr][/table]

[b]Damage[/b]

[list]
[*]2 melee − 1 saves = 1 damage: Fighter (health 1) dies
[/list]

[b]Units lost[/b]

[table][tr][td][b]Army[/b][/td][td][b]Unit[/b][/td][td][b]Health[/b][/td][td][b]Why[/b][/td][/tr]\
[tr][td]Defending army[/td][td]Fighter[/td][td]1[/td][td]killed by the damage of the attack[/td][/tr][/table]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this exchange in the calculator[/url]
""",
    "markdown": """\
**Melee attack at Highland**

| What | Amount |
| --- | --- |
| Attack results | 2 |
| Saves against the attack | 1 |
| Damage to the defender | 1 |
| Counter-attack results | 0 |
| Saves against the counter-attack | 0 |
| Damage to the attacker from the counter-attack | 0 |
| Damage to the attacker from the defender's save roll | 0 |
| Damage to the defender from the attacker's save roll | 0 |

**The rolls**

| Roll | Army | Faces rolled | Total |
| --- | --- | --- | --- |
| Attack | Attacking army | Soldier: rolled 2 Melee | 2 melee |
| Save roll | Defending army | Fighter: rolled 1 ID | 1 save |

**Damage**

- 2 melee − 1 saves = 1 damage: Fighter (health 1) dies

**Units lost**

| Army | Unit | Health | Why |
| --- | --- | --- | --- |
| Defending army | Fighter | 1 | killed by the damage of the attack |

[Open this exchange in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_FIXED = "Soldier is fixed at the face given: 2 melee"

ODDS = {
    "text": f"""\
Odds of a melee attack at Highland

DEFENDING ARMY: DAMAGE TAKEN

Amount | Exactly | At least
-------+---------+---------
1      | 16.7%   | 100.0%
2      | 83.3%   | 83.3%

Average 1.83 (standard deviation 0.37)

DEFENDING ARMY: HEALTH-WORTH OF UNITS KILLED

Amount | Exactly | At least
-------+---------+---------
1      | 100.0%  | 100.0%

Average 1.00 (standard deviation 0.00)

ATTACKING ARMY: DAMAGE TAKEN

Amount | Exactly | At least
-------+---------+---------
0      | 100.0%  | 100.0%

Average 0.00 (standard deviation 0.00)

ATTACKING ARMY: HEALTH-WORTH OF UNITS KILLED

Amount | Exactly | At least
-------+---------+---------
0      | 100.0%  | 100.0%

Average 0.00 (standard deviation 0.00)

NOTES

- {_FIXED}

Open this exchange in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]Odds of a melee attack at Highland[/b]

[b]Defending army: damage taken[/b]

[table][tr][td][b]Amount[/b][/td][td][b]Exactly[/b][/td][td][b]At least[/b][/td][/tr]\
[tr][td]1[/td][td]16.7%[/td][td]100.0%[/td][/tr][tr][td]2[/td][td]83.3%[/td][td]83.3%[/td][/tr][/table]

Average 1.83 (standard deviation 0.37)

[b]Defending army: health-worth of units killed[/b]

[table][tr][td][b]Amount[/b][/td][td][b]Exactly[/b][/td][td][b]At least[/b][/td][/tr]\
[tr][td]1[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 1.00 (standard deviation 0.00)

[b]Attacking army: damage taken[/b]

[table][tr][td][b]Amount[/b][/td][td][b]Exactly[/b][/td][td][b]At least[/b][/td][/tr]\
[tr][td]0[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 0.00 (standard deviation 0.00)

[b]Attacking army: health-worth of units killed[/b]

[table][tr][td][b]Amount[/b][/td][td][b]Exactly[/b][/td][td][b]At least[/b][/td][/tr]\
[tr][td]0[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 0.00 (standard deviation 0.00)

[b]Notes[/b]

[list]
[*]{_FIXED}
[/list]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this exchange in the calculator[/url]
""",
    "markdown": f"""\
**Odds of a melee attack at Highland**

**Defending army: damage taken**

| Amount | Exactly | At least |
| --- | --- | --- |
| 1 | 16.7% | 100.0% |
| 2 | 83.3% | 83.3% |

Average 1.83 (standard deviation 0.37)

**Defending army: health-worth of units killed**

| Amount | Exactly | At least |
| --- | --- | --- |
| 1 | 100.0% | 100.0% |

Average 1.00 (standard deviation 0.00)

**Attacking army: damage taken**

| Amount | Exactly | At least |
| --- | --- | --- |
| 0 | 100.0% | 100.0% |

Average 0.00 (standard deviation 0.00)

**Attacking army: health-worth of units killed**

| Amount | Exactly | At least |
| --- | --- | --- |
| 0 | 100.0% | 100.0% |

Average 0.00 (standard deviation 0.00)

**Notes**

- {_FIXED}

[Open this exchange in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_WHY = ("The maneuvering army rolled 2 maneuver results against 2: equal or more, so the maneuver succeeds (p.11). "
        "The terrain turns up from 7 to 8. It reaches its eighth face: the maneuvering army captures it, doubles its "
        "ID results in every roll and may take any action there (p.15).")

MANEUVER = {
    "text": f"""\
Maneuver at Coastland Tower

The maneuver succeeds. The terrain die turns from face 7 (Melee) to face 8 (Tower).

THE ROLLS

Roll                  | Army             | Faces rolled              | Total
----------------------+------------------+---------------------------+-----------
Maneuver roll         | Maneuvering army | Runner: rolled 2 Maneuver | 2 maneuver
Counter-maneuver roll | Opposing army 1  | Trooper: rolled 2 ID      | 2 maneuver

{_WHY}

Open this maneuver in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]Maneuver at Coastland Tower[/b]

The maneuver succeeds. The terrain die turns from face 7 (Melee) to face 8 (Tower).

[b]The rolls[/b]

[table][tr][td][b]Roll[/b][/td][td][b]Army[/b][/td][td][b]Faces rolled[/b][/td][td][b]Total[/b][/td][/tr]\
[tr][td]Maneuver roll[/td][td]Maneuvering army[/td][td]Runner: rolled 2 Maneuver[/td][td]2 maneuver[/td][/tr]\
[tr][td]Counter-maneuver roll[/td][td]Opposing army 1[/td][td]Trooper: rolled 2 ID[/td][td]2 maneuver[/td][/tr][/table]

{_WHY}

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this maneuver in the calculator[/url]
""",
    "markdown": f"""\
**Maneuver at Coastland Tower**

The maneuver succeeds. The terrain die turns from face 7 (Melee) to face 8 (Tower).

**The rolls**

| Roll | Army | Faces rolled | Total |
| --- | --- | --- | --- |
| Maneuver roll | Maneuvering army | Runner: rolled 2 Maneuver | 2 maneuver |
| Counter-maneuver roll | Opposing army 1 | Trooper: rolled 2 ID | 2 maneuver |

{_WHY}

[Open this maneuver in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_SPLIT = ("2 ID results counted as 0 melee, 0 missile and 2 saves (the calculator's choice: "
          "the most dragons killed, then the most saves)")

DRAGON = {
    "text": f"""\
Dragon attack at Highland

THE DRAGONS

Dragon    | Faces     | Damage | Attacks                        | Outcome
----------+-----------+--------+--------------------------------+---------
Red Drake | Claws (6) | 6      | The Red Drake attacks the army | attacked

What                               | Amount
-----------------------------------+-------
Damage from the dragons' faces     | 6
Health-worth killed by breath      | 0
Saves in the response              | 2
Melee results in the response      | 0
Missile results in the response    | 0
Damage to the army after its saves | 4
Dragons killed                     | 0

{_SPLIT}

THE ARMY'S ROLLS

Roll                    | Army           | Faces rolled         | Total
------------------------+----------------+----------------------+---------------------------
Response to the dragons | Defending army | Warrior: rolled 2 ID | 0 melee, 0 missile, 2 save

DAMAGE

- 6 damage from the dragons − 2 saves = 4 damage: Warrior (health 2) dies

UNITS LOST

Army           | Unit    | Health | Why
---------------+---------+--------+------------------------------
Defending army | Warrior | 2      | killed by the dragons' damage

Open this dragon attack in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]Dragon attack at Highland[/b]

[b]The dragons[/b]

[table][tr][td][b]Dragon[/b][/td][td][b]Faces[/b][/td][td][b]Damage[/b][/td][td][b]Attacks[/b][/td][td][b]Outcome[/b][/td][/tr]\
[tr][td]Red Drake[/td][td]Claws (6)[/td][td]6[/td][td]The Red Drake attacks the army[/td][td]attacked[/td][/tr][/table]

[table][tr][td][b]What[/b][/td][td][b]Amount[/b][/td][/tr]\
[tr][td]Damage from the dragons' faces[/td][td]6[/td][/tr]\
[tr][td]Health-worth killed by breath[/td][td]0[/td][/tr]\
[tr][td]Saves in the response[/td][td]2[/td][/tr]\
[tr][td]Melee results in the response[/td][td]0[/td][/tr]\
[tr][td]Missile results in the response[/td][td]0[/td][/tr]\
[tr][td]Damage to the army after its saves[/td][td]4[/td][/tr]\
[tr][td]Dragons killed[/td][td]0[/td][/tr][/table]

{_SPLIT}

[b]The army's rolls[/b]

[table][tr][td][b]Roll[/b][/td][td][b]Army[/b][/td][td][b]Faces rolled[/b][/td][td][b]Total[/b][/td][/tr]\
[tr][td]Response to the dragons[/td][td]Defending army[/td][td]Warrior: rolled 2 ID[/td][td]0 melee, 0 missile, 2 save[/td][/tr][/table]

[b]Damage[/b]

[list]
[*]6 damage from the dragons − 2 saves = 4 damage: Warrior (health 2) dies
[/list]

[b]Units lost[/b]

[table][tr][td][b]Army[/b][/td][td][b]Unit[/b][/td][td][b]Health[/b][/td][td][b]Why[/b][/td][/tr]\
[tr][td]Defending army[/td][td]Warrior[/td][td]2[/td][td]killed by the dragons' damage[/td][/tr][/table]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this dragon attack in the calculator[/url]
""",
    "markdown": f"""\
**Dragon attack at Highland**

**The dragons**

| Dragon | Faces | Damage | Attacks | Outcome |
| --- | --- | --- | --- | --- |
| Red Drake | Claws (6) | 6 | The Red Drake attacks the army | attacked |

| What | Amount |
| --- | --- |
| Damage from the dragons' faces | 6 |
| Health-worth killed by breath | 0 |
| Saves in the response | 2 |
| Melee results in the response | 0 |
| Missile results in the response | 0 |
| Damage to the army after its saves | 4 |
| Dragons killed | 0 |

{_SPLIT}

**The army's rolls**

| Roll | Army | Faces rolled | Total |
| --- | --- | --- | --- |
| Response to the dragons | Defending army | Warrior: rolled 2 ID | 0 melee, 0 missile, 2 save |

**Damage**

- 6 damage from the dragons − 2 saves = 4 damage: Warrior (health 2) dies

**Units lost**

| Army | Unit | Health | Why |
| --- | --- | --- | --- |
| Defending army | Warrior | 2 | killed by the dragons' damage |

[Open this dragon attack in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_DRAGON_NOTES = [
    "the army splits its ID results the best way in every roll: the most dragons killed, then the most saves",
    "casualties follow the calculator's default choice: as close as possible to the damage without exceeding it, "
    "losing the fewest units",
    "promotions (Treasure, or for killing a dragon) are not included: the army rolls as given",
    "Warrior is fixed at the face given: 2 id",
    "units killed by a fire breath may be buried instead of killed: the health-worth lost is the same",
]


def _dragon_odds_text() -> str:
    notes = "\n".join("- " + n for n in _DRAGON_NOTES)
    return f"""\
Odds of a dragon attack at Highland

Dragons: Red Drake

DEFENDING ARMY: DAMAGE TAKEN

Amount | Exactly | At least
-------+---------+---------
4      | 100.0%  | 100.0%

Average 4.00 (standard deviation 0.00)

DEFENDING ARMY: HEALTH-WORTH OF UNITS KILLED

Amount | Exactly | At least
-------+---------+---------
2      | 100.0%  | 100.0%

Average 2.00 (standard deviation 0.00)

DRAGONS KILLED

Amount | Exactly | At least
-------+---------+---------
0      | 100.0%  | 100.0%

Average 0.00 (standard deviation 0.00)

NOTES

{notes}

Open this dragon attack in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
"""


_HEAD = "[table][tr][td][b]Amount[/b][/td][td][b]Exactly[/b][/td][td][b]At least[/b][/td][/tr]"
_MD_HEAD = "| Amount | Exactly | At least |\n| --- | --- | --- |"

DRAGON_ODDS = {
    "text": _dragon_odds_text(),
    "bbcode": f"""\
[b]Odds of a dragon attack at Highland[/b]

Dragons: Red Drake

[b]Defending army: damage taken[/b]

{_HEAD}[tr][td]4[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 4.00 (standard deviation 0.00)

[b]Defending army: health-worth of units killed[/b]

{_HEAD}[tr][td]2[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 2.00 (standard deviation 0.00)

[b]Dragons killed[/b]

{_HEAD}[tr][td]0[/td][td]100.0%[/td][td]100.0%[/td][/tr][/table]

Average 0.00 (standard deviation 0.00)

[b]Notes[/b]

[list]
""" + "".join(f"[*]{n}\n" for n in _DRAGON_NOTES) + """\
[/list]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this dragon attack in the calculator[/url]
""",
    "markdown": f"""\
**Odds of a dragon attack at Highland**

Dragons: Red Drake

**Defending army: damage taken**

{_MD_HEAD}
| 4 | 100.0% | 100.0% |

Average 4.00 (standard deviation 0.00)

**Defending army: health-worth of units killed**

{_MD_HEAD}
| 2 | 100.0% | 100.0% |

Average 2.00 (standard deviation 0.00)

**Dragons killed**

{_MD_HEAD}
| 0 | 100.0% | 100.0% |

Average 0.00 (standard deviation 0.00)

**Notes**

""" + "\n".join(f"- {n}" for n in _DRAGON_NOTES) + """

[Open this dragon attack in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_FORCE_ROWS = [("Home army", "Gryphon (Coral Elves)", "4"), ("", "Sharpshooter (Coral Elves)", "3"),
               ("", "Water Flicker Foil", "1"), ("", "Home army: total", "8"),
               ("Horde army", "Centaur (Amazons)", "4"), ("", "Javelineer (Amazons)", "2"),
               ("", "Soldier (Amazons)", "1"), ("", "Fire Vorpal Sword", "2"), ("", "Horde army: total", "9"),
               ("Campaign army", "Mummy (Undead)", "3"), ("", "Revenant (Undead)", "2"),
               ("", "Wraith (Undead)", "1"), ("", "Wraith (Undead)", "1"), ("", "Campaign army: total", "7")]

FORCE = {
    "text": """\
A 24-point force

24 of 24 points; each army at most 12.

THE ARMIES

Army          | Die                        | Points
--------------+----------------------------+-------
Home army     | Gryphon (Coral Elves)      | 4
              | Sharpshooter (Coral Elves) | 3
              | Water Flicker Foil         | 1
              | Home army: total           | 8
Horde army    | Centaur (Amazons)          | 4
              | Javelineer (Amazons)       | 2
              | Soldier (Amazons)          | 1
              | Fire Vorpal Sword          | 2
              | Horde army: total          | 9
Campaign army | Mummy (Undead)             | 3
              | Revenant (Undead)          | 2
              | Wraith (Undead)            | 1
              | Wraith (Undead)            | 1
              | Campaign army: total       | 7

TERRAINS

- Home: Coastland City
- Frontier: Flatland Castle

SUMMONING POOL

- Red Drake

The force follows the setup rules.

Open this force in the army builder: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": """\
[b]A 24-point force[/b]

24 of 24 points; each army at most 12.

[b]The armies[/b]

[table][tr][td][b]Army[/b][/td][td][b]Die[/b][/td][td][b]Points[/b][/td][/tr]""" + "".join(
        f"[tr][td]{a}[/td][td]{d}[/td][td]{p}[/td][/tr]" for a, d, p in _FORCE_ROWS) + """[/table]

[b]Terrains[/b]

[list]
[*]Home: Coastland City
[*]Frontier: Flatland Castle
[/list]

[b]Summoning Pool[/b]

[list]
[*]Red Drake
[/list]

The force follows the setup rules.

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this force in the army builder[/url]
""",
    "markdown": """\
**A 24-point force**

24 of 24 points; each army at most 12.

**The armies**

| Army | Die | Points |
| --- | --- | --- |
""" + "".join(f"| {a or ' '} | {d} | {p} |\n" for a, d, p in _FORCE_ROWS) + """
**Terrains**

- Home: Coastland City
- Frontier: Flatland Castle

**Summoning Pool**

- Red Drake

The force follows the setup rules.

[Open this force in the army builder](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_GAME_LAST = ("Melee by alice's Campaign army against bob's Campaign army.",
              "3 melee − 0 saves = 3 damage: 1st Thug (health 1), 2nd Thug (health 1) die")

GAME = {
    "text": f"""\
Turn 1: alice, Second march phase

TERRAINS

Terrain              | Die            | Face        | Held by | Dragons
---------------------+----------------+-------------+---------+--------
alice's Home Terrain | Highland Tower | 2 (Magic)   | nobody  | none
bob's Home Terrain   | Flatland Tower | 3 (Missile) | nobody  | none
the Frontier Terrain | Coastland City | 7 (Melee)   | nobody  | none

ARMIES

Army                  | Where                | Dice
----------------------+----------------------+------------------------------------
alice's Campaign army | the Frontier Terrain | Soldier (Amazons), Runner (Amazons)
alice's Home army     | alice's Home Terrain | Seer (Amazons)
alice's Horde army    | bob's Home Terrain   | Darter (Amazons)
bob's Home army       | bob's Home Terrain   | Thug (Goblins)
bob's Horde army      | alice's Home Terrain | Thug (Goblins)

EACH PLAYER'S AREAS

Player | Dead Unit Area                 | Buried Units Area | Reserve Area | Summoning Pool
-------+--------------------------------+-------------------+--------------+----------------------------
alice  | none                           | none              | none         | Red Drake, Deadland Village
bob    | Thug (Goblins), Thug (Goblins) | none              | none         | none

LAST MOVE

- {_GAME_LAST[0]}
- {_GAME_LAST[1]}

Open this game in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]Turn 1: alice, Second march phase[/b]

[b]Terrains[/b]

[table][tr][td][b]Terrain[/b][/td][td][b]Die[/b][/td][td][b]Face[/b][/td][td][b]Held by[/b][/td][td][b]Dragons[/b][/td][/tr]\
[tr][td]alice's Home Terrain[/td][td]Highland Tower[/td][td]2 (Magic)[/td][td]nobody[/td][td]none[/td][/tr]\
[tr][td]bob's Home Terrain[/td][td]Flatland Tower[/td][td]3 (Missile)[/td][td]nobody[/td][td]none[/td][/tr]\
[tr][td]the Frontier Terrain[/td][td]Coastland City[/td][td]7 (Melee)[/td][td]nobody[/td][td]none[/td][/tr][/table]

[b]Armies[/b]

[table][tr][td][b]Army[/b][/td][td][b]Where[/b][/td][td][b]Dice[/b][/td][/tr]\
[tr][td]alice's Campaign army[/td][td]the Frontier Terrain[/td][td]Soldier (Amazons), Runner (Amazons)[/td][/tr]\
[tr][td]alice's Home army[/td][td]alice's Home Terrain[/td][td]Seer (Amazons)[/td][/tr]\
[tr][td]alice's Horde army[/td][td]bob's Home Terrain[/td][td]Darter (Amazons)[/td][/tr]\
[tr][td]bob's Home army[/td][td]bob's Home Terrain[/td][td]Thug (Goblins)[/td][/tr]\
[tr][td]bob's Horde army[/td][td]alice's Home Terrain[/td][td]Thug (Goblins)[/td][/tr][/table]

[b]Each player's areas[/b]

[table][tr][td][b]Player[/b][/td][td][b]Dead Unit Area[/b][/td][td][b]Buried Units Area[/b][/td][td][b]Reserve Area[/b][/td][td][b]Summoning Pool[/b][/td][/tr]\
[tr][td]alice[/td][td]none[/td][td]none[/td][td]none[/td][td]Red Drake, Deadland Village[/td][/tr]\
[tr][td]bob[/td][td]Thug (Goblins), Thug (Goblins)[/td][td]none[/td][td]none[/td][td]none[/td][/tr][/table]

[b]Last move[/b]

[list]
[*]{_GAME_LAST[0]}
[*]{_GAME_LAST[1]}
[/list]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this game in the calculator[/url]
""",
    "markdown": f"""\
**Turn 1: alice, Second march phase**

**Terrains**

| Terrain | Die | Face | Held by | Dragons |
| --- | --- | --- | --- | --- |
| alice's Home Terrain | Highland Tower | 2 (Magic) | nobody | none |
| bob's Home Terrain | Flatland Tower | 3 (Missile) | nobody | none |
| the Frontier Terrain | Coastland City | 7 (Melee) | nobody | none |

**Armies**

| Army | Where | Dice |
| --- | --- | --- |
| alice's Campaign army | the Frontier Terrain | Soldier (Amazons), Runner (Amazons) |
| alice's Home army | alice's Home Terrain | Seer (Amazons) |
| alice's Horde army | bob's Home Terrain | Darter (Amazons) |
| bob's Home army | bob's Home Terrain | Thug (Goblins) |
| bob's Horde army | alice's Home Terrain | Thug (Goblins) |

**Each player's areas**

| Player | Dead Unit Area | Buried Units Area | Reserve Area | Summoning Pool |
| --- | --- | --- | --- | --- |
| alice | none | none | none | Red Drake, Deadland Village |
| bob | Thug (Goblins), Thug (Goblins) | none | none | none |

**Last move**

- {_GAME_LAST[0]}
- {_GAME_LAST[1]}

[Open this game in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_ADVISE_NOTES = ("melee at bob.campaign: the attack has no melee results: the other army makes no save roll (rulebook p.11)",
                 "melee at bob.campaign: the counter-attack has no melee results: the other army makes no save roll (rulebook p.11)",
                 "missile at bob.campaign: the attack has no missile results: the other army makes no save roll (rulebook p.11)")

ADVISE = {
    "text": f"""\
What alice's Campaign army can do now

Its terrain shows face 8: any.

Option                         | Maneuver succeeds | Expected damage | Kills at least 1 health | Expected own losses (health) | Expected magic
-------------------------------+-------------------+-----------------+-------------------------+------------------------------+---------------
Maneuver down                  | 77.8%             |                 |                         |                              |
Melee at bob's Campaign army   |                   | 0.78            | 55.6%                   | 0.21                         |
Missile at bob's Campaign army |                   | 0.28            | 16.7%                   | 0.00                         |
Magic                          |                   |                 |                         |                              | 0.33

NOTES

- {_ADVISE_NOTES[0]}
- {_ADVISE_NOTES[1]}
- {_ADVISE_NOTES[2]}

Open this advice in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "bbcode": f"""\
[b]What alice's Campaign army can do now[/b]

Its terrain shows face 8: any.

[table][tr][td][b]Option[/b][/td][td][b]Maneuver succeeds[/b][/td][td][b]Expected damage[/b][/td][td][b]Kills at least 1 health[/b][/td][td][b]Expected own losses (health)[/b][/td][td][b]Expected magic[/b][/td][/tr]\
[tr][td]Maneuver down[/td][td]77.8%[/td][td][/td][td][/td][td][/td][td][/td][/tr]\
[tr][td]Melee at bob's Campaign army[/td][td][/td][td]0.78[/td][td]55.6%[/td][td]0.21[/td][td][/td][/tr]\
[tr][td]Missile at bob's Campaign army[/td][td][/td][td]0.28[/td][td]16.7%[/td][td]0.00[/td][td][/td][/tr]\
[tr][td]Magic[/td][td][/td][td][/td][td][/td][td][/td][td]0.33[/td][/tr][/table]

[b]Notes[/b]

[list]
[*]{_ADVISE_NOTES[0]}
[*]{_ADVISE_NOTES[1]}
[*]{_ADVISE_NOTES[2]}
[/list]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this advice in the calculator[/url]
""",
    "markdown": f"""\
**What alice's Campaign army can do now**

Its terrain shows face 8: any.

| Option | Maneuver succeeds | Expected damage | Kills at least 1 health | Expected own losses (health) | Expected magic |
| --- | --- | --- | --- | --- | --- |
| Maneuver down | 77.8% |   |   |   |   |
| Melee at bob's Campaign army |   | 0.78 | 55.6% | 0.21 |   |
| Missile at bob's Campaign army |   | 0.28 | 16.7% | 0.00 |   |
| Magic |   |   |   |   | 0.33 |

**Notes**

- {_ADVISE_NOTES[0]}
- {_ADVISE_NOTES[1]}
- {_ADVISE_NOTES[2]}

[Open this advice in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
}

_SPELL_HEAD = """\
1 damage to one unit, which rolls to save. This roll is the unit's save roll, alone.

What it does: 1 damage, 0 cancelled by saves: 1 damage, the unit is killed.

Total: 0 save"""
SPELL_ROLL = {
    "text": f"""\
Firebolt: Individual roll against magic at Highland

{_SPELL_HEAD}

DIE ROLL RESOLUTION, STEP BY STEP

Step               | What happened                                                          | Subtotal
-------------------+------------------------------------------------------------------------+---------
1. Roll            | Thug: rolled 1 Melee                                                   |
2. Delayed SAIs    | not a save roll against an attack                                      |
3. Re-rolls        | no re-rolls                                                            |
4. Apply SAIs      | no SAIs rolled                                                         |
5. Subtotal        | Thug: 1 melee: not counted in a individual roll for save against magic | 0 save
6. Subtract        | no subtracting modifiers                                               | 0 save
7. Divide          | no dividing modifiers                                                  | 0 save
8. Add SAI results | no SAI-generated results                                               | 0 save
9. Multiply        | no multiplying modifiers                                               | 0 save
10. Add and total  | no adding modifiers                                                    | 0 save

CHANCES BEFORE THE ROLL

Outcome                    | Chance
---------------------------+-------------------
Damage left after the roll | 0: 33.3%, 1: 66.7%
The unit is killed         | 66.7%

Open this roll in the calculator: https://dragondice.example/calculator/#s=1.eyJ9
""",
    "markdown": f"""\
**Firebolt: Individual roll against magic at Highland**

{_SPELL_HEAD}

**Die Roll Resolution, step by step**

| Step | What happened | Subtotal |
| --- | --- | --- |
| 1. Roll | Thug: rolled 1 Melee |   |
| 2. Delayed SAIs | not a save roll against an attack |   |
| 3. Re-rolls | no re-rolls |   |
| 4. Apply SAIs | no SAIs rolled |   |
| 5. Subtotal | Thug: 1 melee: not counted in a individual roll for save against magic | 0 save |
| 6. Subtract | no subtracting modifiers | 0 save |
| 7. Divide | no dividing modifiers | 0 save |
| 8. Add SAI results | no SAI-generated results | 0 save |
| 9. Multiply | no multiplying modifiers | 0 save |
| 10. Add and total | no adding modifiers | 0 save |

**Chances before the roll**

| Outcome | Chance |
| --- | --- |
| Damage left after the roll | 0: 33.3%, 1: 66.7% |
| The unit is killed | 66.7% |

[Open this roll in the calculator](https://dragondice.example/calculator/#s=1.eyJ9)
""",
    "bbcode": f"""\
[b]Firebolt: Individual roll against magic at Highland[/b]

{_SPELL_HEAD}

[b]Die Roll Resolution, step by step[/b]

[table][tr][td][b]Step[/b][/td][td][b]What happened[/b][/td][td][b]Subtotal[/b][/td][/tr]\
[tr][td]1. Roll[/td][td]Thug: rolled 1 Melee[/td][td][/td][/tr]\
[tr][td]2. Delayed SAIs[/td][td]not a save roll against an attack[/td][td][/td][/tr]\
[tr][td]3. Re-rolls[/td][td]no re-rolls[/td][td][/td][/tr]\
[tr][td]4. Apply SAIs[/td][td]no SAIs rolled[/td][td][/td][/tr]\
[tr][td]5. Subtotal[/td][td]Thug: 1 melee: not counted in a individual roll for save against magic[/td][td]0 save[/td][/tr]\
[tr][td]6. Subtract[/td][td]no subtracting modifiers[/td][td]0 save[/td][/tr]\
[tr][td]7. Divide[/td][td]no dividing modifiers[/td][td]0 save[/td][/tr]\
[tr][td]8. Add SAI results[/td][td]no SAI-generated results[/td][td]0 save[/td][/tr]\
[tr][td]9. Multiply[/td][td]no multiplying modifiers[/td][td]0 save[/td][/tr]\
[tr][td]10. Add and total[/td][td]no adding modifiers[/td][td]0 save[/td][/tr][/table]

[b]Chances before the roll[/b]

[table][tr][td][b]Outcome[/b][/td][td][b]Chance[/b][/td][/tr]\
[tr][td]Damage left after the roll[/td][td]0: 33.3%, 1: 66.7%[/td][/tr]\
[tr][td]The unit is killed[/td][td]66.7%[/td][/tr][/table]

[url=https://dragondice.example/calculator/#s=1.eyJ9]Open this roll in the calculator[/url]
""",
}
