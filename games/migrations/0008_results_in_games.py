"""Game and ResultSubmission move to the games app (issue 25.7): their tables (games_game, games_resultsubmission) stay as they are; only Django's state changes."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_tournament_import_rows'),
        ('tournaments', '0030_draughts_result_rules'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
            migrations.CreateModel(
                name='Game',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('number', models.PositiveSmallIntegerField(default=1, verbose_name='game')),
                    ('opening', models.CharField(blank=True, max_length=20, verbose_name='opening')),
                    ('version', models.PositiveIntegerField(default=1, editable=False)),
                    ('start_fen', models.TextField(blank=True, verbose_name='start position (FEN)')),
                    ('moves', models.TextField(blank=True, validators=[django.core.validators.MaxLengthValidator(20000)], verbose_name='moves (PDN)')),
                    ('termination', models.CharField(choices=[('normal', 'Normal'), ('resignation', 'Resignation'), ('time', 'Time'), ('draw_claim', 'Draw claim upheld'), ('agreement', 'Agreement'), ('forfeit', 'Forfeit'), ('arbiter', 'Arbiter decision')], default='normal', max_length=20, verbose_name='termination')),
                    ('validation', models.JSONField(blank=True, default=dict)),
                    ('pdn_tags', models.JSONField(blank=True, default=dict)),
                    ('relay_tags', models.JSONField(blank=True, default=dict, editable=False)),
                    ('updated_at', models.DateTimeField(auto_now=True)),
                    ('black', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.entry')),
                    ('board', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='tournaments.board')),
                    ('white', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.entry')),
                ],
                options={
                    'db_table': 'games_game',
                    'ordering': ['board', 'number'],
                },
            ),
            migrations.AlterField(
                model_name='correctionrequest',
                name='game',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='correction_requests', to='games.game'),
            ),
            migrations.AlterField(
                model_name='drawclaim',
                name='game',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='draw_claims', to='games.game'),
            ),
            migrations.AlterField(
                model_name='irregularityruling',
                name='game',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rulings', to='games.game'),
            ),
            migrations.CreateModel(
                name='ResultSubmission',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('version', models.PositiveIntegerField(default=1)),
                    ('result', models.CharField(choices=[('2-0', 'White wins'), ('1-1', 'Draw'), ('0-2', 'Black wins'), ('+-', 'White wins by forfeit'), ('-+', 'Black wins by forfeit'), ('--', 'Both forfeit'), ('0-0', 'Both lose')], max_length=3, verbose_name='result')),
                    ('moves', models.TextField(blank=True, validators=[django.core.validators.MaxLengthValidator(20000)], verbose_name='moves (PDN)')),
                    ('termination', models.CharField(choices=[('normal', 'Normal'), ('resignation', 'Resignation'), ('time', 'Time'), ('draw_claim', 'Draw claim upheld'), ('agreement', 'Agreement'), ('forfeit', 'Forfeit'), ('arbiter', 'Arbiter decision')], default='normal', max_length=20, verbose_name='termination')),
                    ('status', models.CharField(choices=[('pending', 'Waiting for confirmation'), ('confirmed', 'Confirmed'), ('rejected', 'Rejected'), ('superseded', 'Superseded')], default='pending', max_length=12)),
                    ('draw_mark', models.CharField(blank=True, choices=[('', 'No plus- or minus-draw'), ('w', 'Plus-draw for White, minus-draw for Black'), ('b', 'Plus-draw for Black, minus-draw for White')], default='', max_length=1, verbose_name='plus-draw')),
                    ('via_link', models.BooleanField(default=False)),
                    ('confirmed_at', models.DateTimeField(blank=True, null=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('confirmed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='submissions', to='games.game')),
                    ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('submitted_for', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.entry')),
                ],
                options={
                    'db_table': 'games_resultsubmission',
                    'ordering': ['game', '-version'],
                },
            ),
            migrations.AddConstraint(
                model_name='game',
                constraint=models.UniqueConstraint(fields=('board', 'number'), name='unique_game_number'),
            ),
            migrations.AddConstraint(
                model_name='resultsubmission',
                constraint=models.UniqueConstraint(condition=models.Q(('status', 'confirmed')), fields=('game',), name='one_confirmed_result_per_game'),
            ),
            migrations.AddConstraint(
                model_name='resultsubmission',
                constraint=models.UniqueConstraint(fields=('game', 'version'), name='unique_submission_version'),
            ),
    
            ],
        ),
    ]
