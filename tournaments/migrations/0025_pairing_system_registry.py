"""Issue 25: a tournament's pairing system is a key of the one registry (tournaments.pairing.systems):
swiss_dutch -> dutch, round_robin -> berger, double_round_robin -> berger_double, keizer stays. The
system's options live in ``system_options`` (the Keizer parameters were ``keizer_params``; Baku
acceleration, a Dutch option, was a field of its own)."""

from django.db import migrations, models

import tournaments.models.event

KEYS = {"swiss_dutch": "dutch", "round_robin": "berger", "double_round_robin": "berger_double", "keizer": "keizer"}


def to_registry(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.all().iterator():
        t.pairing_system = KEYS.get(t.pairing_system, t.pairing_system)
        if t.pairing_system == "dutch" and t.baku_acceleration:
            t.system_options = {**(t.system_options or {}), "baku_acceleration": True}
        t.save(update_fields=["pairing_system", "system_options"])


def from_registry(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    back = {v: k for k, v in KEYS.items()}
    for t in Tournament.objects.all().iterator():
        options = dict(t.system_options or {})
        t.baku_acceleration = bool(options.pop("baku_acceleration", False))
        t.system_options = options if t.pairing_system == "keizer" else {}
        t.pairing_system = back.get(t.pairing_system, "swiss_dutch")
        t.save(update_fields=["pairing_system", "system_options", "baku_acceleration"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0024_throttle_counts")]

    operations = [
        migrations.RenameField(model_name="tournament", old_name="keizer_params", new_name="system_options"),
        migrations.AlterField(
            model_name="tournament", name="system_options",
            field=models.JSONField(blank=True, default=dict, verbose_name="options of the pairing system"),
        ),
        migrations.AlterField(
            model_name="tournament", name="pairing_system",
            field=models.CharField(choices=tournaments.models.event.system_choices, default="dutch", max_length=20,
                                   verbose_name="pairing system"),
        ),
        migrations.RunPython(to_registry, from_registry),
        migrations.RemoveField(model_name="tournament", name="baku_acceleration"),
    ]
