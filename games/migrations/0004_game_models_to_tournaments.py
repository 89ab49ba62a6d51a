import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """Game and ResultSubmission now belong to tournaments (``tournaments.0007``): the claims and
    rulings point at ``tournaments.Game`` and the games app forgets the two models. State only:
    the tables and their rows stay as they are."""

    dependencies = [
        ('games', '0003_tournament_import'),
        ('tournaments', '0007_game_results_from_games'),
    ]

    operations = [migrations.SeparateDatabaseAndState(database_operations=[], state_operations=[
        migrations.AlterField(
            model_name='drawclaim',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='draw_claims', to='tournaments.game'),
        ),
        migrations.AlterField(
            model_name='irregularityruling',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rulings', to='tournaments.game'),
        ),
        migrations.DeleteModel(name='ResultSubmission'),
        migrations.DeleteModel(name='Game'),
    ])]
